import Button, { type ButtonProps } from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import { useAuth } from '#/lib/auth.tsx'
import { usePendingAction, useSignInFirst, type PendingAction } from '#/lib/pending-action.ts'
import { getUser } from '#/features/users/api/get-user.ts'

type FollowAction = Extract<PendingAction, { kind: 'follow' }>

/**
 * Follow / Unfollow, with a busy spinner while the toggle is in flight. Given the person's `userId`,
 * a signed-out reader's press is remembered: they sign in, and back on this page the follow is made
 * once (left alone when they already follow). `onClick` toggles for a signed-in reader.
 */
export function FollowButton({
  isFollowing,
  isBusy,
  onClick,
  size = 'medium',
  userId,
}: {
  isFollowing: boolean
  isBusy: boolean
  onClick: () => void
  size?: ButtonProps['size']
  userId?: string
}) {
  const { isAuthenticated } = useAuth()
  const signInFirst = useSignInFirst()
  usePendingAction(
    (a): a is FollowAction => a.kind === 'follow' && a.userId === userId,
    isAuthenticated && Boolean(userId),
    (a) => {
      // Asked afresh as the signed-in reader, whatever this page still shows.
      getUser(a.userId).then(
        (user) => {
          if (user && user.isFollowing !== a.want) onClick()
        },
        (err: unknown) => console.error('Failed to toggle follow', err),
      )
    },
  )
  const handleClick = () => (userId && !isAuthenticated ? signInFirst({ kind: 'follow', userId, want: !isFollowing }) : onClick())
  return (
    <Button
      variant={isFollowing ? 'outlined' : 'contained'}
      color={isFollowing ? 'primary' : 'secondary'}
      size={size}
      onClick={handleClick}
      disabled={isBusy}
      aria-busy={isBusy}
      startIcon={isBusy ? <CircularProgress size={16} color="inherit" aria-label="Working" /> : undefined}
      sx={{ minWidth: 104 }}
    >
      {isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  )
}
