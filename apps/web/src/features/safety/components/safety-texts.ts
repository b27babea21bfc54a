// What the profile's safety menu says (decisions 0057, 0058).

export const SAFETY_TEXT = {
  more: (username: string) => `More for ${username}`,
  mute: 'Mute',
  unmute: 'Unmute',
  block: 'Block',
  unblock: 'Unblock',
  report: 'Report profile',
  blockTitle: (username: string) => `Block ${username}?`,
  blockBody:
    'Neither of you will be able to follow, like, comment on, reply to or mention the other, or see the other’s profile, reading, reviews, comments and posts. The follows between you end. They are not told.',
  blockConfirm: 'Block',
  blocking: 'Blocking…',
  muted: 'Muted: their activity and posts stay out of your feed and discussions. They are not told.',
  blocked: 'Blocked.',
} as const
