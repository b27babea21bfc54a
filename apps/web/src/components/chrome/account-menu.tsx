import { Link as RouterLink } from '#/lib/router/react.tsx'
import Divider from '@mui/material/Divider'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListSubheader from '@mui/material/ListSubheader'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import PersonIcon from '@mui/icons-material/Person'
import LogoutIcon from '@mui/icons-material/Logout'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useLogout } from '#/components/chrome/use-logout.ts'
import { UNDER_THE_BUTTON } from '#/components/chrome/menu-anchor.ts'

/** The top bar's account menu for a signed-in reader: who they are, Profile and Logout (loaded on first open). */
export default function AccountMenu({ anchorEl, onClose }: { anchorEl: HTMLElement | null; onClose: () => void }) {
  const { user } = useAuth()
  const logout = useLogout()
  const name = typeof user?.name === 'string' ? user.name : undefined
  const username = typeof user?.username === 'string' ? user.username : undefined
  return (
    <Menu
      id="account-menu"
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      {...UNDER_THE_BUTTON}
      slotProps={{ paper: { sx: { minWidth: 200, maxWidth: 'min(320px, calc(100vw - 32px))' } } }}
    >
      {(name || username) && (
        // Who is signed in, as a heading of the menu: not an item, so focus starts on Profile.
        <ListSubheader aria-hidden sx={{ position: 'static', lineHeight: 1.4, pt: 0.75, pb: 1, color: 'text.primary' }}>
          {name && (
            <Typography dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
          )}
          {username && (
            <Typography dir="auto" variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              @{username}
            </Typography>
          )}
        </ListSubheader>
      )}
      {(name || username) && <Divider component="li" />}
      <MenuItem component={RouterLink} to={paths.profile.href()} onClick={onClose}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        Profile
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose()
          void logout()
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  )
}
