import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import IconButton from '@mui/material/IconButton'
import GitHubIcon from '@mui/icons-material/GitHub'
import XIcon from '@mui/icons-material/X'
import InstagramIcon from '@mui/icons-material/Instagram'
import { externalLinks } from '#/config/paths.ts'
import { allLinks } from '#/components/chrome/nav-links.ts'

export const TAGLINE = 'Shelfwise: discover, review and share the books you love.'

const socials = [
  { href: externalLinks.github, label: 'Shelfwise on GitHub', Icon: GitHubIcon },
  { href: externalLinks.x, label: 'Shelfwise on X', Icon: XIcon },
  { href: externalLinks.instagram, label: 'Shelfwise on Instagram', Icon: InstagramIcon },
]

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.100', mt: 6, py: 4, pb: { xs: 10, sm: 4 } }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 4, justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              Shelfwise
            </Typography>
            <Typography variant="body2" sx={{ color: 'grey.300', maxWidth: 360 }}>
              {TAGLINE}
            </Typography>
          </Box>
          <Box component="nav" aria-label="Quick Links">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Quick Links
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {allLinks.map((l) => (
                <Link key={l.to} component={RouterLink} to={l.to} color="inherit" underline="hover">
                  {l.label}
                </Link>
              ))}
            </Box>
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Follow Us
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              {socials.map(({ href, label, Icon }) => (
                <IconButton key={label} component="a" href={href} target="_blank" rel="noopener noreferrer" aria-label={label} sx={{ color: 'grey.100' }}>
                  <Icon />
                </IconButton>
              ))}
            </Box>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ color: 'grey.400', mt: 3 }}>
          © {new Date().getFullYear()} Shelfwise
        </Typography>
      </Container>
    </Box>
  )
}
