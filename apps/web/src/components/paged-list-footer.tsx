import { useEffect, useRef } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { LIST_PAGE_SIZE, type PagedList } from '#/lib/paged-list.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { groupDigits } from '@shelfwise/contracts/numbers'

const count = (n: number) => groupDigits(n)

/** 'Showing 24 of 1,234': how far into a list the reader is. */
export const showingText = (shown: number, total: number) => `Showing ${count(shown)} of ${count(Math.max(total, shown))}`

/**
 * Under a paged list: how many rows are shown of how many, and 'Load More' while there are more. The
 * next page also loads by itself as the reader scrolls near the end; after a failed page it waits
 * for the button (no retry loop) and says so.
 */
export function PagedListFooter({
  list,
  errorText,
  what,
}: {
  list: PagedList<unknown>
  /** The list's own failure message (spec §8), shown when the next page cannot be read. */
  errorText: string
  /** What the rows are, for the button's accessible name: 'Load more books'. */
  what: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const { items, total, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list
  const autoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError

  useEffect(() => {
    const el = ref.current
    if (!el || !autoLoad || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) fetchNextPage()
      },
      { rootMargin: '400px 0px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [autoLoad, fetchNextPage])

  // A list that fits one page needs no count under it ('Showing 1 of 1').
  if (!hasNextPage && items.length <= LIST_PAGE_SIZE) return null
  return (
    <Box ref={ref} sx={{ mt: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
        {showingText(items.length, total ?? items.length)}
      </Typography>
      {isFetchNextPageError && <ErrorAlert sx={{ my: 0 }}>{errorText}</ErrorAlert>}
      {hasNextPage && (
        <Button variant="outlined" onClick={fetchNextPage} disabled={isFetchingNextPage} aria-label={isFetchingNextPage ? undefined : `Load more ${what}`}>
          {isFetchingNextPage ? 'Loading...' : 'Load More'}
        </Button>
      )}
    </Box>
  )
}
