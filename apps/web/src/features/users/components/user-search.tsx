import { useEffect, useId, useState } from 'react'
import { useNavigate } from '#/lib/router/react.tsx'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import List from '@mui/material/List'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { profileImageUrl } from '#/lib/format.ts'
import { useSearchUsers } from '#/features/users/api/search-users.ts'

const SEARCH_USERS_ERROR = 'Failed to search users'

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return v
}

/** 'Search users by name...': results open /user/{id}; blank text clears them. */
export function UserSearch({ dense = false }: { dense?: boolean }) {
  const [text, setText] = useState('')
  const query = useDebounced(text, 250)
  const navigate = useNavigate()
  const listId = useId()
  const { data, isError, isFetching } = useSearchUsers(text.trim() === '' ? '' : query)
  const isOpen = text.trim() !== '' && (Boolean(data) || isError)
  return (
    <Box sx={{ position: 'relative', width: dense ? { xs: '100%', md: 260 } : '100%' }}>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setText('')
        }}
        placeholder="Search users by name..."
        size="small"
        fullWidth
        // A combobox: its results pop up under it, and aria-expanded is allowed there (not on a plain textbox).
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-label': 'Search users',
            'aria-autocomplete': 'list',
            'aria-controls': isOpen ? listId : undefined,
            'aria-expanded': isOpen,
          },
        }}
        sx={dense ? { bgcolor: 'background.paper', borderRadius: 1 } : undefined}
      />
      {isOpen && (
        <Paper elevation={6} sx={{ position: 'absolute', top: '100%', left: 0, right: 0, mt: 0.5, zIndex: 'modal', maxHeight: 320, overflow: 'auto' }}>
          {isError ? (
            <Typography role="alert" sx={{ p: 2, color: 'error.main' }}>
              {SEARCH_USERS_ERROR}
            </Typography>
          ) : data && data.length === 0 ? (
            <Typography sx={{ p: 2, color: 'text.secondary' }}>{isFetching ? 'Searching...' : 'No users found'}</Typography>
          ) : (
            <List id={listId} dense aria-label="User search results">
              {data?.map((u) => (
                <ListItemButton
                  key={u._id}
                  onClick={() => {
                    setText('')
                    navigate(paths.user.href(u._id))
                  }}
                >
                  <ListItemAvatar>
                    <Avatar src={profileImageUrl(u.profileImage)} alt={u.username}>
                      {u.username.charAt(0).toUpperCase()}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={u.name} secondary={`@${u.username}`} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Box>
  )
}
