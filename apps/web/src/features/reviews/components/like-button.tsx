import { useRef, useState } from 'react'
import Button from '@mui/material/Button'
import FavoriteIcon from '@mui/icons-material/Favorite'
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder'
import type { LikeState } from '@shelfwise/contracts'

/**
 * A like toggle with its count: it turns at once (optimistic) and then settles to the server's
 * answer; a refused call puts it back. Signed out, pressing it calls `onSignInNeeded` instead.
 */
export function LikeButton({
  initial,
  send,
  what,
  onSignInNeeded,
}: {
  initial: LikeState
  send: (liked: boolean) => Promise<LikeState>
  /** What is liked, for its accessible name ('review', 'comment'). */
  what: string
  onSignInNeeded?: () => void
}) {
  const [state, setState] = useState(initial)
  const [failed, setFailed] = useState(false)
  // Only the answer to the latest press may settle the button (quick presses cross on the wire).
  const latest = useRef(0)
  const handleClick = () => {
    if (onSignInNeeded) return onSignInNeeded()
    const before = state
    const liked = !state.likedByMe
    const press = ++latest.current
    setFailed(false)
    setState({ likes: Math.max(0, state.likes + (liked ? 1 : -1)), likedByMe: liked })
    send(liked).then(
      (answer) => press === latest.current && setState(answer),
      () => {
        if (press !== latest.current) return
        setState(before)
        setFailed(true)
      },
    )
  }
  return (
    <Button
      size="small"
      color={state.likedByMe ? 'secondary' : 'inherit'}
      startIcon={state.likedByMe ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      aria-pressed={state.likedByMe}
      aria-label={`Like this ${what}: ${state.likes} ${state.likes === 1 ? 'like' : 'likes'}${state.likedByMe ? ', liked by you' : ''}`}
      title={failed ? 'Could not save your like. Please try again.' : state.likedByMe ? 'Liked by you' : 'Like'}
      onClick={handleClick}
      sx={{ minWidth: 0 }}
    >
      {state.likes}
    </Button>
  )
}
