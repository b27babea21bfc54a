import type { Notification } from '@shelfwise/contracts'

// Every text of the notifications (CONVENTIONS: user-visible texts in one place, exact).
export const NOTIFICATION_TEXT = {
  title: 'Notifications',
  loading: 'Loading your notifications',
  error: 'Your notifications could not be loaded',
  empty: 'Nothing yet. When someone follows you, likes or answers what you wrote, you will see it here.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unread: 'Unread',
  loadMore: 'Show more',
  settings: 'What to tell me about',
  settingsIntro: 'Turn off the kinds you do not want to hear about.',
  settingsError: 'Your settings could not be saved',
  signIn: 'Sign in to see your notifications',
  kinds: {
    follow: 'New followers',
    review_like: 'Likes on your reviews',
    comment_like: 'Likes on your comments',
    review_comment: 'Comments on your reviews',
    comment_reply: 'Replies to your comments',
    post_reply: 'Replies to your posts',
    mention: 'Mentions',
    discussion_reply: 'New posts in discussions you joined',
    import_finished: 'Your imports',
    report_outcome: 'Your reports',
  } satisfies Record<Notification['type'], string>,
} as const

/** "Ana", "Ana and Ben", "Ana and 12 others". */
export function whoDidIt(n: Pick<Notification, 'actors' | 'count'>): string {
  const first = n.actors[0]?.name ?? 'Someone'
  if (n.count <= 1) return first
  if (n.count === 2 && n.actors[1]) return `${first} and ${n.actors[1].name}`
  const others = n.count - 1
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`
}

/**
 * The sentence of a notification in three parts, the thing's title apart so it can be isolated
 * (a right-to-left title must not reorder the sentence around it): "Ana and 12 others liked your
 * review of " + "Emma" + "".
 */
export function notificationParts(n: Notification): { before: string; title: string | null; after: string } {
  const who = whoDidIt(n)
  const title = n.target.title
  const book = (before: string) => (title ? { before, title, after: '' } : { before: `${before}a book`, title: null, after: '' })
  const thread = (before: string, after: string) =>
    title ? { before: `${before}“`, title, after: `”${after}` } : { before: `${before}a discussion`, title: null, after }
  switch (n.type) {
    case 'follow':
      return { before: `${who} followed you`, title: null, after: '' }
    case 'review_like':
      return book(`${who} liked your review of `)
    case 'comment_like':
      return book(`${who} liked your comment on a review of `)
    case 'review_comment':
      return book(`${who} commented on your review of `)
    case 'comment_reply':
      return book(`${who} replied to your comment on a review of `)
    case 'post_reply':
      return thread(`${who} replied to your post in `, '')
    case 'mention':
      // A mention in a discussion post names its thread; one in a comment, the review's book.
      return n.target.type === 'post' ? thread(`${who} mentioned you in `, '') : book(`${who} mentioned you in a comment on a review of `)
    case 'discussion_reply':
      return thread(`${who} posted in `, ', a discussion you joined')
    case 'import_finished':
      return {
        before: title === 'failed' ? 'Your import stopped before the end: see its report' : 'Your import finished: see its report',
        title: null,
        after: '',
      }
    case 'report_outcome':
      return {
        before:
          title === 'hidden'
            ? 'The moderators removed what you reported: thank you'
            : title === 'restored'
              ? 'The moderators looked at your report and put the item back'
              : 'The moderators looked at your report and left the item up',
        title: null,
        after: '',
      }
  }
}

/** The whole sentence as text: "Ana and 12 others liked your review of Emma". */
export function notificationSentence(n: Notification): string {
  const p = notificationParts(n)
  return `${p.before}${p.title ?? ''}${p.after}`
}
