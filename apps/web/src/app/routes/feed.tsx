import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { errorMessage } from '#/lib/api-client.ts'
import { PageFrame, SignedIn } from '#/components/page-frame.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { UserSearch } from '#/features/users/components/user-search.tsx'
import { useFeed } from '#/features/feed/api/get-feed.ts'
import { FeedItemRow } from '#/features/feed/components/feed-item-row.tsx'
import { FEED_TEXT } from '#/features/feed/components/feed-texts.ts'
import { NextPageButton } from '#/components/next-page-button.tsx'

function SignedInFeed() {
  const feed = useFeed()
  if (feed.isPending) return <SectionSpinner label={FEED_TEXT.loading} />
  if (feed.isError) return <ErrorAlert>{errorMessage(feed.error, FEED_TEXT.error)}</ErrorAlert>
  if (feed.items.length === 0)
    return (
      <Box component="section" aria-label={FEED_TEXT.findReaders}>
        <EmptyState message={FEED_TEXT.empty} />
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {FEED_TEXT.findReaders}
        </Typography>
        <UserSearch />
      </Box>
    )
  return (
    <>
      <Box component="ul" aria-label={FEED_TEXT.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {feed.items.map((item) => (
          <FeedItemRow key={item._id} item={item} />
        ))}
      </Box>
      {feed.isFetchNextPageError && <ErrorAlert>{FEED_TEXT.error}</ErrorAlert>}
      <NextPageButton list={feed} label={FEED_TEXT.loadMore} />
    </>
  )
}

/** The followed feed (issue 23, point 6, decision 0050): what the readers the caller follows did. */
export function FeedRoute() {
  return (
    <PageFrame title={FEED_TEXT.title}>
      <SignedIn signIn={FEED_TEXT.signIn}>
        <Typography sx={{ color: 'text.secondary' }}>{FEED_TEXT.intro}</Typography>
        <SignedInFeed />
      </SignedIn>
    </PageFrame>
  )
}
