import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { Link as RouterLink, useLocation } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'

/** A prompt for a signed-out reader who tried to like or comment: sign in, then come back here. */
export function SignInPrompt({ action }: { action: string }) {
  const location = useLocation()
  return (
    <Typography variant="body2" role="status" sx={{ mt: 1 }}>
      <Link component={RouterLink} to={paths.login.href()} state={{ from: location }}>
        Sign in
      </Link>{' '}
      to {action}.
    </Typography>
  )
}
