import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { ModerationQueue, MODERATION_TEXT } from '#/features/safety/components/moderation-queue.tsx'

/** The moderators' queue (decision 0058); anyone else is told by the server that only moderators may. */
export function ModerationRoute() {
  const { isAuthenticated } = useAuth()
  useDocumentTitle(MODERATION_TEXT.title)
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {MODERATION_TEXT.title}
      </Typography>
      {isAuthenticated ? (
        <ModerationQueue />
      ) : (
        <Link component={RouterLink} to={paths.login.href()}>
          Sign in
        </Link>
      )}
    </Container>
  )
}
