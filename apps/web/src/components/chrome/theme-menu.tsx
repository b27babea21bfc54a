import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import CheckIcon from '@mui/icons-material/Check'
import { useColorMode, type ColorChoice } from '#/lib/color-mode.tsx'
import { UNDER_THE_BUTTON } from '#/components/chrome/menu-anchor.ts'

const CHOICES: { choice: ColorChoice; label: string }[] = [
  { choice: 'system', label: 'System' },
  { choice: 'light', label: 'Light' },
  { choice: 'dark', label: 'Dark' },
]

/** The top bar's theme menu: follow the system, or always light or dark (remembered; loaded on first open). */
export default function ThemeMenu({ anchorEl, onClose }: { anchorEl: HTMLElement | null; onClose: () => void }) {
  const { choice, choose } = useColorMode()
  return (
    <Menu id="theme-menu" anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose} {...UNDER_THE_BUTTON} slotProps={{ list: { 'aria-label': 'Theme' } }}>
      {CHOICES.map((c) => (
        <MenuItem
          key={c.choice}
          role="menuitemradio"
          aria-checked={choice === c.choice}
          selected={choice === c.choice}
          onClick={() => {
            choose(c.choice)
            onClose()
          }}
        >
          <ListItemIcon>{choice === c.choice && <CheckIcon fontSize="small" />}</ListItemIcon>
          {c.label}
        </MenuItem>
      ))}
    </Menu>
  )
}
