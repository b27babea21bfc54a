import Box from '@mui/material/Box'
import Button from '@mui/material/Button'

/**
 * A list's next page on request only: its own words on a centred, outlined button, shown while there
 * is a next page and off while one is being read.
 */
export function NextPageButton({ list, label }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }; label: string }) {
  if (!list.hasNextPage) return null
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {label}
      </Button>
    </Box>
  )
}
