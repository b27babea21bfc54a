import { Navigate, useLocation } from '#/lib/router/react.tsx'
import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { ImportHelp } from '#/features/imports/components/import-help.tsx'
import { ImportPanel } from '#/features/imports/components/import-panel.tsx'

const IMPORT_TITLE = 'Import your library'

/** Bringing a Goodreads or StoryGraph library in: how to export it, the file, the import's progress and report. */
export function ImportRoute() {
  const { isAuthenticated } = useAuth()
  const location = useLocation()
  useDocumentTitle(IMPORT_TITLE)
  if (!isAuthenticated) return <Navigate to={paths.login.href()} state={{ from: location }} replace />
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {IMPORT_TITLE}
      </Typography>
      <ImportHelp />
      <ImportPanel />
    </Container>
  )
}
