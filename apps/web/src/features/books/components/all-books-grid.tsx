import { memo, startTransition, useLayoutEffect, useRef, useState } from 'react'
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual'
import Box from '@mui/material/Box'
import type { Book } from '@shelfwise/contracts'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { ShowMore } from '#/components/show-more.tsx'
import { useGridColumns } from '#/components/columns.ts'

interface Props {
  books: Book[]
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  total?: number
}

/** One row of cards; drawn again only when its books change, not on every measurement of the list. */
const GridRow = memo(function GridRow({ books, start, end }: { books: Book[]; start: number; end: number }) {
  return (
    <BookGrid>
      {books.slice(start, end).map((b) => (
        <BookCard key={b._id} book={b} variant="preview" />
      ))}
    </BookGrid>
  )
})

/**
 * The rows' measured heights when the grid last left the page: coming back to Home (Back from a book)
 * then lays every row out where it was, so the scroll position restored lands on the same books.
 */
let kept: { columns: number; rows: VirtualItem[] } | undefined

/**
 * Every book, a page at a time: the grid grows only when the reader asks ('Show more books'), so Recent
 * Reviews and the footer below it stay reachable whatever the catalogue's size (decision 0010). Rows
 * are virtualised, so a grid grown to thousands of books draws only what is on screen.
 */
export function AllBooksGrid({ books, hasNextPage, isFetchingNextPage, fetchNextPage, total }: Props) {
  const columns = useGridColumns()
  const listRef = useRef<HTMLDivElement>(null)
  // Where the list starts on the page; null until measured, and no row is drawn before it is known
  // (rows drawn for a guess are thrown away at once). The rows it brings draw as a transition.
  // Measured again whenever the page above it changes height (Search Results arriving, a section
  // loading), so the rows drawn stay the ones on screen.
  const [scrollMargin, setScrollMargin] = useState<number | null>(null)
  useLayoutEffect(() => {
    const measure = () => {
      const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0
      startTransition(() => setScrollMargin((was) => (was !== null && Math.abs(was - top) < 1 ? was : top)))
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [columns])

  const rowCount = Math.ceil(books.length / columns)
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (columns === 2 ? 420 : 520),
    overscan: 2,
    scrollMargin: scrollMargin ?? 0,
    initialMeasurementsCache: kept?.columns === columns ? kept.rows : [],
  })
  useLayoutEffect(
    () => () => {
      kept = { columns, rows: virtualizer.takeSnapshot() }
    },
    [columns, virtualizer],
  )
  const items = scrollMargin === null ? [] : virtualizer.getVirtualItems()

  return (
    <Box ref={listRef} aria-label="All books" role="region">
      <Box sx={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}>
        {items.map((row) => (
          <Box
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: { xs: 1.5, sm: 2 } }}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <GridRow books={books} start={row.index * columns} end={row.index * columns + columns} />
          </Box>
        ))}
      </Box>
      <ShowMore shown={books.length} total={total} hasMore={hasNextPage} isLoading={isFetchingNextPage} onMore={() => void fetchNextPage()} />
    </Box>
  )
}
