import type { ReactNode } from 'react'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'

// The frame of a screen, and the part of it only a signed-in reader sees: one file, so a screen that
// uses both loads one small chunk for them, not two.

/**
 * A screen named by its title (the feed, notifications, the moderators' queue, the duplicates): the
 * title is the page's h1 and the tab's, and the screen's parts stand under it in one column.
 */
export function PageFrame({ title, maxWidth = 'md', children }: { title: string; maxWidth?: 'md' | 'lg'; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      {children}
    </Container>
  )
}

/** What only a signed-in reader sees; anyone else gets a link to sign in, `signIn` its words. */
export function SignedIn({ signIn, children }: { signIn: string; children: ReactNode }) {
  const { isAuthenticated } = useAuth()
  if (isAuthenticated) return children
  return (
    <Link component={RouterLink} to={paths.login.href()}>
      {signIn}
    </Link>
  )
}
