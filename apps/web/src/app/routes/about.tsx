import type { ReactNode } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import DnsIcon from '@mui/icons-material/Dns'
import StorageIcon from '@mui/icons-material/Storage'
import SecurityIcon from '@mui/icons-material/Security'
import FavoriteIcon from '@mui/icons-material/Favorite'
import { externalLinks, paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'

const purposes = [
  { icon: <DnsIcon />, title: 'Server hosting', text: 'Keeps Shelfwise fast and online for readers everywhere.' },
  { icon: <StorageIcon />, title: 'Database storage', text: 'Holds every book, review and reading list the community shares.' },
  { icon: <SecurityIcon />, title: 'Security and updates', text: 'Keeps your account safe and the app improving.' },
]

const features = [
  'Discover books through community ratings and popular picks',
  'Connect with readers and authors who share your taste',
  'Keep reading lists: a wishlist and what you have recently read',
  'Write reviews and ratings to help others choose',
  'Track your reading progress',
  'Join discussions about the books you love',
]

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 5 }} aria-labelledby={`${title.replace(/\W+/g, '-').toLowerCase()}-h`}>
      <Typography id={`${title.replace(/\W+/g, '-').toLowerCase()}-h`} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** Join Our Community: the sign-up call for visitors; a reader already signed in is sent onwards instead. */
function JoinUs() {
  const { isAuthenticated } = useAuth()
  if (isAuthenticated) {
    return (
      <>
        <Typography sx={{ mb: 2 }}>You are part of it already: find your next book, review what you read and follow readers whose taste you trust.</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" component={RouterLink} to={paths.browse.href()}>
            Browse Books
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.profile.href()}>
            Your Profile
          </Button>
        </Box>
      </>
    )
  }
  return (
    <>
      <Typography sx={{ mb: 2 }}>Create a free account to write reviews, keep reading lists and follow other readers.</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={paths.login.href('signup')}>
          Sign Up
        </Button>
        <Button variant="outlined" component={RouterLink} to={paths.browse.href()}>
          Browse Books
        </Button>
      </Box>
    </>
  )
}

export function AboutRoute() {
  useDocumentTitle('About')
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '3rem' } }}>
        About Shelfwise
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary', fontSize: '1.1rem' }}>
        A home for readers to discover books, share reviews and follow the people whose taste they trust.
      </Typography>

      <Block title="Meet the Founder">
        <Paper
          variant="outlined"
          sx={{ p: 3, display: 'flex', gap: 3, alignItems: 'center', flexDirection: { xs: 'column', sm: 'row' }, textAlign: { xs: 'center', sm: 'left' } }}
        >
          <Avatar alt="The founder of Shelfwise" sx={{ width: 96, height: 96, bgcolor: 'primary.main', fontSize: 40 }}>
            S
          </Avatar>
          <Box>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              A reader first
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Shelfwise started as a side project by a lifelong reader who wanted a calm place to keep track of books and to hear what friends were reading. It
              is built and run independently, with the help of the community.
            </Typography>
          </Box>
        </Paper>
      </Block>

      <Block title="Support Shelfwise">
        <Typography sx={{ mb: 2 }}>Shelfwise is free and has no ads. Donations pay for:</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
          {purposes.map((p) => (
            <Paper key={p.title} variant="outlined" sx={{ p: 2 }}>
              <Box sx={{ color: 'primary.main' }} aria-hidden>
                {p.icon}
              </Box>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {p.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {p.text}
              </Typography>
            </Paper>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
          <Button variant="contained" color="secondary" startIcon={<FavoriteIcon />} href={externalLinks.donate} target="_blank" rel="noopener noreferrer">
            Donate
          </Button>
          <Button variant="outlined" href={externalLinks.sponsor} target="_blank" rel="noopener noreferrer">
            Become a Sponsor
          </Button>
        </Box>
      </Block>

      <Block title="Our Mission">
        <Typography>
          To help every reader find their next great book through honest ratings and reviews from a community of people who love reading, and to give authors
          and publishers a direct way to reach them.
        </Typography>
      </Block>

      <Block title="Features">
        <Box component="ul" sx={{ pl: 3, m: 0, display: 'grid', gap: 0.5 }}>
          {features.map((f) => (
            <Typography component="li" key={f}>
              {f}
            </Typography>
          ))}
        </Box>
      </Block>

      <Block title="Join Our Community">
        <JoinUs />
      </Block>
    </Container>
  )
}
