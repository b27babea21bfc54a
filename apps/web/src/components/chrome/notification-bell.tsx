import Badge from '@mui/material/Badge'
import IconButton from '@mui/material/IconButton'
import NotificationsIcon from '@mui/icons-material/Notifications'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { useLiveNotifications, useUnreadCount } from '#/lib/notifications.ts'

/** The badge's figure: past 99, "99+". */
const shown = (count: number) => (count > 99 ? '99+' : String(count))

/** The bell's name for screen readers, with the count as the badge shows it (its visible text is part of its name). */
const bellLabel = (count: number) => (count === 0 ? 'Notifications' : `Notifications, ${shown(count)} unread`)

/** The top bar's bell: the unread count, kept live over the stream; it leads to the notifications. */
export default function NotificationBell() {
  const unread = useUnreadCount(true)
  useLiveNotifications(true)
  const count = unread.data?.count ?? 0
  return (
    <IconButton component={RouterLink} to={paths.notifications.href()} color="inherit" aria-label={bellLabel(count)}>
      {/* Nothing in the badge at 0: a hidden "0" would still be text the name leaves out. */}
      <Badge badgeContent={count > 0 ? shown(count) : undefined} color="error">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  )
}
