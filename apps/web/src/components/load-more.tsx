import { useEffect, useRef } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'

/** Loads the next page when scrolled into view; the button does the same for keyboard users. */
export function LoadMore({ hasNextPage, isFetching, onLoad }: { hasNextPage: boolean; isFetching: boolean; onLoad: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetching) onLoad()
      },
      { rootMargin: '600px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [hasNextPage, isFetching, onLoad])
  if (!hasNextPage) return null
  return (
    <Box ref={ref} sx={{ textAlign: 'center', mt: 3 }}>
      <Button variant="outlined" onClick={onLoad} disabled={isFetching}>
        {isFetching ? 'Loading...' : 'Load More'}
      </Button>
    </Box>
  )
}
