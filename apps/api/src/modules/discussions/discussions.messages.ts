/** The discussions module's answers in words (decision 0043). */
export const DISCUSSION_MESSAGES = {
  discussionNotFound: 'Discussion not found',
  postNotFound: 'Post not found',
  parentNotFound: 'The post you reply to was not found in this discussion',
  titleOnReply: 'Title can only be changed on the opening post of a discussion',
} as const
