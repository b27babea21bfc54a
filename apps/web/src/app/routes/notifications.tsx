import Avatar from '@mui/material/Avatar'
import AvatarGroup from '@mui/material/AvatarGroup'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { NOTIFICATION_TYPES, type Notification } from '@shelfwise/contracts'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { errorMessage } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { profileImageUrl } from '#/lib/image-url.ts'
import { PageFrame, SignedIn } from '#/components/page-frame.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { useMarkRead, useNotifications, useNotificationSettings, useUpdateNotificationSettings } from '#/features/notifications/api/notifications.ts'
import { NOTIFICATION_TEXT, notificationParts } from '#/features/notifications/components/notification-texts.ts'
import { NextPageButton } from '#/components/next-page-button.tsx'

/** Where a notification leads: the book, the discussion, the reader, the import's report. */
function linkOf(n: Notification, readerId: string | undefined): string {
  const t = n.target
  if (t.type === 'user') return n.actors.length === 1 && n.count === 1 ? paths.user.href(n.actors[0]!._id) : paths.followers.href(readerId ?? t.id)
  if (t.type === 'discussion') return paths.discussion.href(t.id)
  if (t.type === 'post') return paths.discussion.href(t.parentId ?? t.id)
  if (t.type === 'import') return paths.import.href()
  // The outcome with the moderators' note: the profile's Safety section lists the reader's reports.
  if (t.type === 'report') return `${paths.profile.href()}#safety-heading`
  if (t.bookId) return paths.book.href(t.bookId)
  return paths.home.href()
}

function NotificationRow({ n, readerId }: { n: Notification; readerId: string | undefined }) {
  const markRead = useMarkRead()
  const unread = n.readAt === null
  const parts = notificationParts(n)
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        p: 2,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: unread ? 'action.hover' : undefined,
        minWidth: 0,
      }}
    >
      {/* One width for one, two or three faces, so every sentence starts in the same column. */}
      <Box sx={{ width: 80, flexShrink: 0, display: 'flex' }}>
        {n.actors.length > 0 ? (
          <AvatarGroup max={3} sx={{ flexShrink: 0, '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 } }}>
            {n.actors.map((a) => (
              <Avatar key={a._id} src={profileImageUrl(a.profileImage)} alt="">
                {a.name.slice(0, 1)}
              </Avatar>
            ))}
          </AvatarGroup>
        ) : (
          <Avatar sx={{ width: 32, height: 32, flexShrink: 0 }} alt="" />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={linkOf(n, readerId)}
          onClick={() => unread && markRead.mutate([n._id])}
          sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere', color: 'text.primary' }}
        >
          {parts.before}
          {parts.title !== null && <bdi>{parts.title}</bdi>}
          {parts.after}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {unread && (
            <Box component="span" sx={{ mr: 1, fontWeight: 700, color: 'primary.main' }}>
              {NOTIFICATION_TEXT.unread}
            </Box>
          )}
          {formatFullDate(n.createdAt)}
        </Typography>
        {unread && (
          <Button size="small" onClick={() => markRead.mutate([n._id])} disabled={markRead.isPending} sx={{ ml: -0.5, mt: 0.5, px: 0.5, minWidth: 0 }}>
            {NOTIFICATION_TEXT.markRead}
          </Button>
        )}
      </Box>
    </Box>
  )
}

function NotificationList() {
  const { user } = useAuth()
  const list = useNotifications()
  const markAll = useMarkRead()
  if (list.isPending) return <SectionSpinner label={NOTIFICATION_TEXT.loading} />
  if (list.isError) return <ErrorAlert>{errorMessage(list.error, NOTIFICATION_TEXT.error)}</ErrorAlert>
  if (list.items.length === 0) return <EmptyState message={NOTIFICATION_TEXT.empty} />
  const anyUnread = list.items.some((n) => n.readAt === null)
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => markAll.mutate(undefined)} disabled={!anyUnread || markAll.isPending}>
          {NOTIFICATION_TEXT.markAllRead}
        </Button>
      </Box>
      <Paper variant="outlined" component="ul" aria-label={NOTIFICATION_TEXT.title} sx={{ listStyle: 'none', p: 0, m: 0, overflow: 'hidden' }}>
        {list.items.map((n) => (
          <NotificationRow key={n._id} n={n} readerId={user?._id} />
        ))}
      </Paper>
      {list.isFetchNextPageError && <ErrorAlert>{NOTIFICATION_TEXT.error}</ErrorAlert>}
      <NextPageButton list={list} label={NOTIFICATION_TEXT.loadMore} />
    </>
  )
}

function NotificationSettingsForm() {
  const settings = useNotificationSettings()
  const update = useUpdateNotificationSettings()
  if (!settings.data) return null
  return (
    <Box component="section" aria-labelledby="notification-settings">
      <Typography id="notification-settings" variant="h6" component="h2">
        {NOTIFICATION_TEXT.settings}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>{NOTIFICATION_TEXT.settingsIntro}</Typography>
      {update.isError && <ErrorAlert>{errorMessage(update.error, NOTIFICATION_TEXT.settingsError)}</ErrorAlert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {NOTIFICATION_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            control={<Switch checked={settings.data[type]} onChange={(e) => update.mutate({ [type]: e.target.checked })} />}
            label={NOTIFICATION_TEXT.kinds[type]}
          />
        ))}
      </Box>
    </Box>
  )
}

/** The reader's notifications, grouped and newest first, and which kinds they get (issue 24, decision 0052). */
export function NotificationsRoute() {
  return (
    <PageFrame title={NOTIFICATION_TEXT.title}>
      <SignedIn signIn={NOTIFICATION_TEXT.signIn}>
        <NotificationList />
        <NotificationSettingsForm />
      </SignedIn>
    </PageFrame>
  )
}
