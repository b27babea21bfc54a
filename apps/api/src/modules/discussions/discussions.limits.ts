import { badRequest } from '#/errors.ts'

// Limits on what a reader writes in discussions (decision 0043): counted per reader in the shared
// counters (Redis when configured), tighter in an account's first 24 hours, and links limited for a
// new account (the usual spam: a fresh account posting links).

const HOUR = 3600
const DAY = 24 * HOUR

/** An account is new for its first 24 hours. */
const NEW_ACCOUNT_MS = DAY * 1000

const DISCUSSION_LIMITS = {
  /** Posts (a thread's opening post included) per hour. */
  postsPerHour: { established: 60, new: 10 },
  /** New threads per day. */
  threadsPerDay: { established: 20, new: 3 },
  /** Links one post may hold. */
  linksPerPost: { established: 10, new: 1 },
  /** Posts with a link per day, for a new account. */
  postsWithLinksPerDay: 3,
} as const

/** What is counted per reader (the rate-limit plugin's names). */
type ReaderLimited = 'posts' | 'threads' | 'links'

/** Counts one kind of write against a reader: 429 past `max` in the window. */
export type Limiter = (what: ReaderLimited, userId: string, max: number, windowSeconds: number) => Promise<void>

// A link as a reader would see one: a scheme, or a bare www. address. Linear: no nested repetition.
const LINK = /\bhttps?:\/\/|\bwww\./gi

const countLinks = (text: string): number => text.match(LINK)?.length ?? 0

/**
 * Checks a reader's new post (and thread, when `thread`) against the limits, counting it: 400 for a
 * post with more links than the account may post, 429 past a window's count.
 */
export async function checkPostLimits(
  limit: Limiter,
  userId: string,
  accountCreatedAt: string,
  text: string,
  thread: boolean,
  now = Date.now(),
): Promise<void> {
  const isNew = now - new Date(accountCreatedAt).getTime() < NEW_ACCOUNT_MS
  const age = isNew ? 'new' : 'established'
  const links = countLinks(text)
  const linksMax = DISCUSSION_LIMITS.linksPerPost[age]
  if (links > linksMax) {
    throw badRequest(isNew ? `A new account may put at most ${linksMax} link in a post during its first 24 hours` : `A post may hold at most ${linksMax} links`)
  }
  if (thread) await limit('threads', userId, DISCUSSION_LIMITS.threadsPerDay[age], DAY)
  await limit('posts', userId, DISCUSSION_LIMITS.postsPerHour[age], HOUR)
  if (isNew && links > 0) await limit('links', userId, DISCUSSION_LIMITS.postsWithLinksPerDay, DAY)
}
