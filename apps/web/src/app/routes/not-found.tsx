import { Link as RouterLink } from '#/lib/router/react.tsx'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'

export function NotFoundRoute() {
  useDocumentTitle('Page not found')
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
        404 Not Found
      </Typography>
      <Typography sx={{ my: 2, color: 'text.secondary' }}>The page you are looking for does not exist.</Typography>
      <Button component={RouterLink} to={paths.home.href()} variant="contained">
        Go Home
      </Button>
    </Container>
  )
}
