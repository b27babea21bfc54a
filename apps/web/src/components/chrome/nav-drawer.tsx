import { Link as RouterLink } from '#/lib/router/react.tsx'
import Drawer from '@mui/material/Drawer'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import ListSubheader from '@mui/material/ListSubheader'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { allLinksFor } from '#/components/chrome/nav-links.ts'
import { useLogout } from '#/components/chrome/use-logout.ts'

export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, isAuthenticated } = useAuth()
  const logout = useLogout()
  // A signed-in reader is offered Logout (Profile is among the links), never 'Login / Sign Up'.
  const links = [
    ...allLinksFor(isAuthenticated ? user?._id : undefined),
    { label: 'Add Book', to: paths.addBook.href() },
    ...(isAuthenticated ? [] : [{ label: 'Login / Sign Up', to: paths.login.href() }]),
  ]
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': 'nav-drawer-title', sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
    >
      <List
        component="nav"
        aria-label="Navigation drawer"
        subheader={
          <ListSubheader component="div" id="nav-drawer-title">
            Navigate
          </ListSubheader>
        }
        sx={{ pb: 3 }}
      >
        {links.map((l) => (
          <ListItemButton key={l.to} component={RouterLink} to={l.to} onClick={onClose}>
            <ListItemText primary={l.label} />
          </ListItemButton>
        ))}
        {isAuthenticated && (
          <ListItemButton
            onClick={() => {
              onClose()
              void logout()
            }}
          >
            <ListItemText primary="Logout" />
          </ListItemButton>
        )}
      </List>
    </Drawer>
  )
}
