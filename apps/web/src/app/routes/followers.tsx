import { Link as RouterLink, useLocation, useNavigate, useParams } from '#/lib/router/react.tsx'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import type { PagedList } from '#/lib/paged-list.ts'
import { useFollows, type FollowDirection } from '#/features/users/api/get-follows.ts'
import { useUser } from '#/features/users/api/get-user.ts'
import { PeopleList, PEOPLE_TEXT } from '#/features/users/components/people-list.tsx'

export const FOLLOWERS_TEXT = PEOPLE_TEXT

const count = (list: PagedList<unknown>) => list.total ?? list.items.length

/** The open tab, from the address: ?tab=following (or the older #following), else Followers. */
function useTab(): [FollowDirection, (tab: FollowDirection) => void] {
  // (The address's query, read from useLocation: the app's router has no useSearchParams, decision 0035.)
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()
  const param = new URLSearchParams(search).get('tab')
  const tab: FollowDirection = param === 'following' || (param === null && hash === '#following') ? 'following' : 'followers'
  const setTab = (next: FollowDirection) => navigate({ pathname, search: next === 'following' ? '?tab=following' : '' }, { replace: true })
  return [tab, setTab]
}

export function FollowersRoute() {
  const { userId = '' } = useParams()
  const [tab, setTab] = useTab()
  const user = useUser(userId)
  const followers = useFollows(userId, 'followers')
  const following = useFollows(userId, 'following')
  const username = user.data?.username
  useDocumentTitle(
    username ? (tab === 'following' ? `People @${username} follows` : `Followers of @${username}`) : tab === 'following' ? 'Following' : 'Followers',
  )
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {/* Usernames are one long word: let them wrap on a phone rather than push the page sideways. */}
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2, overflowWrap: 'anywhere' }}>
        {username ? (
          <Link component={RouterLink} to={paths.user.href(userId)} underline="hover" color="inherit" dir="auto">
            @{username}
          </Link>
        ) : (
          'Connections'
        )}
      </Typography>
      <Paper variant="outlined" sx={{ px: { xs: 1, sm: 2 } }}>
        <Tabs value={tab} onChange={(_, v: FollowDirection) => setTab(v)} aria-label="Followers and following" variant="fullWidth">
          <Tab value="followers" label={`Followers (${count(followers)})`} />
          <Tab value="following" label={`Following (${count(following)})`} />
        </Tabs>
        {tab === 'followers' ? (
          <PeopleList key="followers" list={followers} viewedId={userId} emptyMessage={PEOPLE_TEXT.noFollowers} label="Followers" />
        ) : (
          <PeopleList key="following" list={following} viewedId={userId} emptyMessage={PEOPLE_TEXT.noFollowing} label="Following" />
        )}
      </Paper>
    </Container>
  )
}
