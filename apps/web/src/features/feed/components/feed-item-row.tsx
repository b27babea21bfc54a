import type { FeedItem } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { ActivityBook, ActivityRow } from '#/features/feed/components/activity-row.tsx'
import { FEED_OPEN, FEED_TEXT, feedAction } from '#/features/feed/components/feed-texts.ts'

/** Where an item leads: the discussion, or the book (its reviews and their comments are there). */
const targetOf = (item: FeedItem): string | undefined =>
  item.type === 'discussion' && item.discussionId ? paths.discussion.href(item.discussionId) : item.book ? paths.book.href(item.book._id) : undefined

/** One activity: who, what, which book, when, and a link to what it is about. */
export function FeedItemRow({ item }: { item: FeedItem }) {
  const { before, after } = feedAction(item)
  const target = targetOf(item)
  const open = item.type === 'review' || item.type === 'comment' || item.type === 'discussion' ? FEED_OPEN[item.type] : undefined
  return (
    <ActivityRow
      actor={item.actor}
      action={
        <>
          {' '}
          {before} {item.book ? <ActivityBook book={item.book} /> : FEED_TEXT.aRemovedBook}
          {after}
        </>
      }
      title={item.type === 'discussion' && item.title}
      at={item.at}
      open={open && target ? { label: open, to: target, book: item.book?.title ?? FEED_TEXT.aRemovedBook } : undefined}
    />
  )
}
