import { useEffect, useRef } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { LIMITS } from '@shelfwise/contracts/constants'
import Typography from '@mui/material/Typography'
import { Section } from '#/components/section.tsx'
import { ShowMore } from '#/components/show-more.tsx'
import PreviewCardGrid from '#/components/preview-card-grid.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { bookSearchInfiniteQuery } from '#/features/books/api/search-books.ts'

/** Matches per page: the best first, more on 'Show more results'. */
const HOME_SEARCH_LIMIT = 24
/** The server counts a search's matches up to this many (decision 0004): a total this high means "this many or more". */
const SEARCH_COUNT_CAP = 1000

const SEARCH_ERROR = 'Failed to search books'

/** Brings the section's heading under the sticky top bar, and the reader's focus to it (it closes a phone's keyboard too). */
function bringIntoView(heading: HTMLElement) {
  const bar = document.querySelector('header')?.getBoundingClientRect().height ?? 0
  const top = heading.getBoundingClientRect().top + window.scrollY - bar - 16
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  heading.focus({ preventScroll: true })
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' })
}

/**
 * Home's Search Results (decision 0010): the server's forgiving search — accents, typos and
 * misspelt names forgiven, as on Browse — best matches first, a page at a time. `submitted` counts
 * the reader's searches: each one brings the section into view (a search found again by Back does not).
 */
export default function HomeSearch({ query, submitted }: { query: string; submitted: number }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The server reads at most LIMITS.searchQueryMax characters (an address may carry more).
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery(
    bookSearchInfiniteQuery({ query: query.slice(0, LIMITS.searchQueryMax) }, HOME_SEARCH_LIMIT),
  )
  useEffect(() => {
    if (submitted > 0 && heading.current) bringIntoView(heading.current)
  }, [submitted])

  const books = data?.pages.flatMap((p) => p.items) ?? []
  const total = data?.pages[0]?.total
  return (
    <Section title="Search Results" headingRef={heading}>
      {isError ? (
        <ErrorAlert>{SEARCH_ERROR}</ErrorAlert>
      ) : isPending ? (
        <SectionSpinner label="Searching" />
      ) : books.length === 0 ? (
        // The reader's words isolated (bdi), so right-to-left text does not reorder the sentence.
        <Typography role="status" sx={{ color: 'text.secondary', py: 2, overflowWrap: 'anywhere' }}>
          No books match “<bdi>{query}</bdi>”. Check the spelling, or try fewer words.
        </Typography>
      ) : (
        <>
          <PreviewCardGrid label="Search Results" books={books} />
          <ShowMore
            shown={books.length}
            total={total}
            atLeast={total !== undefined && total >= SEARCH_COUNT_CAP}
            hasMore={hasNextPage}
            isLoading={isFetchingNextPage}
            onMore={() => void fetchNextPage()}
            moreLabel="Show more results"
          />
        </>
      )}
    </Section>
  )
}
