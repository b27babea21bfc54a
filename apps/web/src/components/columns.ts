import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'

/** How many card columns the grid shows now: 2 small, 3 medium, 4 large. */
export function useGridColumns(): number {
  const theme = useTheme()
  const isLg = useMediaQuery(theme.breakpoints.up('lg'))
  const isMd = useMediaQuery(theme.breakpoints.up('md'))
  return isLg ? 4 : isMd ? 3 : 2
}
