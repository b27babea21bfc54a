import Button, { type ButtonProps } from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'

/** Follow / Unfollow, with a busy spinner while the toggle is in flight. */
export function FollowButton({ isFollowing, isBusy, onClick, size = 'medium' }: { isFollowing: boolean; isBusy: boolean; onClick: () => void; size?: ButtonProps['size'] }) {
  return (
    <Button
      variant={isFollowing ? 'outlined' : 'contained'}
      color={isFollowing ? 'primary' : 'secondary'}
      size={size}
      onClick={onClick}
      disabled={isBusy}
      aria-busy={isBusy}
      startIcon={isBusy ? <CircularProgress size={16} color="inherit" aria-label="Working" /> : undefined}
      sx={{ minWidth: 104 }}
    >
      {isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  )
}
