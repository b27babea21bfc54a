import { Navigate, useLocation } from '#/lib/router/react.tsx'
import Container from '@mui/material/Container'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { LinkForm } from '#/features/developers/components/link-form.tsx'
import { DEV_TEXT } from '#/features/developers/components/developer-texts.ts'

/** Where a device's reader types its code (RFC 8628's verification URI); signed out, sign in first and come back. */
export function LinkRoute() {
  const { isAuthenticated } = useAuth()
  const location = useLocation()
  useDocumentTitle(DEV_TEXT.link)
  if (!isAuthenticated) return <Navigate to={paths.login.href()} state={{ from: location }} replace />
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <LinkForm initialCode={(new URLSearchParams(location.search).get('code') ?? '').slice(0, 20)} />
    </Container>
  )
}
