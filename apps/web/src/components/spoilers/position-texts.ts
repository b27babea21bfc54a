import type { Position } from '@shelfwise/contracts'

// The words of spoilers by position (decisions 0043, 0059), the same on discussion posts and on
// comments on reviews.
export const POSITION_TEXT = {
  howFar: 'How far in is this?',
  reveal: 'Reveal',
  readersBehind: 'Readers who have not got that far see only how far in it is, until they reveal it.',
} as const

/** "page 212", "40%", "the ending": how far into the book a post or a comment is. */
export const positionText = (p: Position): string => ('page' in p ? `page ${p.page}` : 'percent' in p ? `${p.percent}%` : 'the ending')

/** "Ahead of you: page 212". */
export const aheadText = (p: Position): string => `Ahead of you: ${positionText(p)}`
