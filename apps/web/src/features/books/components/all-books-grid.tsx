import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import Box from '@mui/material/Box'
import type { Book } from '@shelfwise/contracts'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
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

/** Every book, with no paging buttons: rows are virtualised and the next page loads as the reader nears the end. */
export function AllBooksGrid({ books, hasNextPage, isFetchingNextPage, fetchNextPage, total }: Props) {
  const columns = useGridColumns()
  const listRef = useRef<HTMLDivElement>(null)
  // Where the list starts on the page; null until measured, and no row is drawn before it is known
  // (rows drawn for a guess are thrown away at once). The rows it brings draw as a transition.
  const [scrollMargin, setScrollMargin] = useState<number | null>(null)
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0
    startTransition(() => setScrollMargin(top))
  }, [columns])

  const rowCount = Math.ceil(books.length / columns)
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (columns === 2 ? 420 : 520),
    overscan: 2,
    scrollMargin: scrollMargin ?? 0,
  })
  const items = scrollMargin === null ? [] : virtualizer.getVirtualItems()
  const last = items[items.length - 1]

  useEffect(() => {
    if (!last) return
    if (last.index >= rowCount - 2 && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [last, rowCount, hasNextPage, isFetchingNextPage, fetchNextPage])

  return (
    <Box ref={listRef} aria-label="All books" role="region" aria-describedby={total !== undefined ? 'all-books-count' : undefined}>
      {/* Visually hidden: '1px' as a string, since a bare 1 in sx means 100%. */}
      {total !== undefined && <Box id="all-books-count" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>{total} books</Box>}
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
      {isFetchingNextPage && <SectionSpinner label="Loading more books" />}
    </Box>
  )
}
