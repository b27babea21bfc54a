import { Navigate, useLocation } from '#/lib/router/react.tsx'
import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { WebhooksPanel } from '#/features/webhooks/components/webhooks-panel.tsx'
import { TokensSection } from '#/features/developers/components/tokens-section.tsx'
import { DevicesSection } from '#/features/developers/components/devices-section.tsx'
import { QuickStart } from '#/features/developers/components/quick-start.tsx'
import { DEV_TEXT } from '#/features/developers/components/developer-texts.ts'

/** The Developers page (issue 25, point 8): personal tokens, KOReader devices, webhooks, a quick start. */
export function DevelopersRoute() {
  const { isAuthenticated, user } = useAuth()
  const location = useLocation()
  useDocumentTitle(DEV_TEXT.title)
  if (!isAuthenticated || !user) return <Navigate to={paths.login.href()} state={{ from: location }} replace />
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 5 }}>
      <header>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {DEV_TEXT.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{DEV_TEXT.intro}</Typography>
      </header>
      <TokensSection />
      <DevicesSection />
      <div id="webhooks">
        <WebhooksPanel />
      </div>
      <QuickStart userId={user._id} />
    </Container>
  )
}
