import { useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Button from '@mui/material/Button'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import EditIcon from '@mui/icons-material/Edit'
import AddIcon from '@mui/icons-material/Add'
import { paths } from '#/config/paths.ts'

/** The own profile's Edit Profile menu (Change Username, Change Password, Logout) and Add Book. */
export function EditProfileActions({
  onChangeUsername,
  onChangePassword,
  onLogout,
}: {
  onChangeUsername: () => void
  onChangePassword: () => void
  onLogout: () => void
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const choose = (then: () => void) => () => {
    setAnchor(null)
    then()
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EditIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'edit-profile-menu' : undefined}
      >
        Edit Profile
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.addBook.href()}>
        Add Book
      </Button>
      <Menu id="edit-profile-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(onChangeUsername)}>Change Username</MenuItem>
        <MenuItem onClick={choose(onChangePassword)}>Change Password</MenuItem>
        <MenuItem onClick={choose(onLogout)}>Logout</MenuItem>
      </Menu>
    </>
  )
}
