import type { Position } from '@shelfwise/contracts'

// The discussions screens' words (decision 0043).
export const DISCUSSION_TEXT = {
  title: (bookTitle: string) => `Discussions: ${bookTitle}`,
  listHeading: 'Discussions',
  empty: 'No discussions yet. Start the first one.',
  listError: 'Could not load the discussions',
  postsError: 'Could not load the posts',
  threadNotFound: 'Discussion not found',
  start: 'Start a discussion',
  startFailed: 'Could not start the discussion',
  titleLabel: 'Title',
  textLabel: 'Your post',
  replyLabel: 'Your reply',
  reply: 'Reply',
  post: 'Post',
  postFailed: 'Could not post',
  deleteFailed: 'Could not delete the post',
  spoilerHint: 'Hide a passage as a spoiler with ||two bars|| on each side.',
  howFar: 'How far in is this?',
  signIn: 'Sign in to join the discussion',
  deleted: 'Post deleted',
  edited: 'edited',
  reveal: 'Reveal',
  backToBook: 'Back to the book',
  allDiscussions: 'All discussions of this book',
} as const

/** "page 212", "40%", "the ending": how far into the book a post is. */
export const positionText = (p: Position): string => ('page' in p ? `page ${p.page}` : 'percent' in p ? `${p.percent}%` : 'the ending')

/** "Ahead of you: page 212". */
export const aheadText = (p: Position): string => `Ahead of you: ${positionText(p)}`

/** "3 posts", "1 post". */
export const postCountText = (n: number): string => `${n.toLocaleString('en-US')} post${n === 1 ? '' : 's'}`
