import type { FeedItem } from '@shelfwise/contracts'

// Every text of the followed feed, in one place.
export const FEED_TEXT = {
  title: 'Following',
  intro: 'What the readers you follow are reading and saying.',
  signIn: 'Sign in to see what the readers you follow are doing.',
  empty: 'Nothing here yet. Follow readers to see what they start, finish and say about books.',
  findReaders: 'Find readers to follow',
  error: 'Error loading your feed',
  loadMore: 'Load more',
  loading: 'Loading your feed',
  aRemovedBook: 'a book no longer listed',
} as const

const stars = (rating: number | null | undefined) => (rating ? ` and rated it ${rating} of 5` : '')

/** What happened, after the reader's name: 'finished Dune and rated it 4 of 5'. */
export function feedAction(item: FeedItem): { before: string; after: string } {
  switch (item.type) {
    case 'started':
      return { before: 'started reading', after: '' }
    case 'finished':
      return { before: 'finished', after: stars(item.rating) }
    case 'dnf':
      return { before: 'stopped reading', after: ' (did not finish)' }
    case 'review':
      return { before: 'reviewed', after: stars(item.rating).replace(' and rated it', ',') }
    case 'comment':
      return { before: 'commented on a review of', after: '' }
    case 'discussion':
      return { before: 'started a discussion of', after: '' }
  }
}

/** The link of an item's "open" action, and its words. */
export const FEED_OPEN = {
  review: 'Read the review',
  comment: 'See the comment',
  discussion: 'Open the discussion',
} as const
