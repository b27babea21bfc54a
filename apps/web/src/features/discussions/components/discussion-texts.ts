import { groupDigits } from '@shelfwise/contracts/numbers'
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
  edit: 'Edit',
  editOpening: 'Edit the post and the title',
  editLabel: 'Your post',
  save: 'Save',
  editFailed: 'Could not save the post',
  spoilerHint: 'Hide a passage as a spoiler with ||two bars|| on each side.',
  signIn: 'Sign in to join the discussion',
  deleted: 'Post deleted',
  edited: 'edited',
  backToBook: 'Back to the book',
  allDiscussions: 'All discussions of this book',
} as const

/** "3 posts", "1 post". */
export const postCountText = (n: number): string => `${groupDigits(n)} post${n === 1 ? '' : 's'}`
