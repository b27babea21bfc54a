import { sql } from 'kysely'

// Usernames that would impersonate the service or another reader: names the service keeps for
// itself, and names that differ from a taken one only by look-alike characters or separators.

/**
 * What a username looks like, with the differences a reader may not notice taken out: '.', '_' and
 * '-' dropped, the letter case folded, '1' and 'i' read as 'l', '0' as 'o', 'rn' as 'm' and 'vv' as
 * 'w'. 'dem0', 'Demo.' and 'd-e-m-o' all have the skeleton of 'demo'.
 */
export function usernameSkeleton(username: string): string {
  return username.replace(/[._-]/g, '').toLowerCase().replaceAll('1', 'l').replaceAll('i', 'l').replaceAll('0', 'o').replaceAll('rn', 'm').replaceAll('vv', 'w')
}

/**
 * The same skeleton in SQL, written exactly as the index users_username_skeleton_idx was made
 * (migration 2026_11_25_0500), so both databases find a look-alike through the index.
 */
export const USERNAME_SKELETON_SQL = sql<string>`replace(replace(replace(replace(replace(lower(replace(replace(replace(username, '.', ''), '_', ''), '-', '')), '1', 'l'), 'i', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w')`

// Digits that pass for letters when they stand between letters ('rn4ya' for 'maya', 'sh3lf'),
// beyond the '1' and '0' the skeleton itself reads.
const DIGIT_LETTERS: Record<string, string> = { '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' }

/**
 * How long a name (its skeleton) must be before a number after it makes a look-alike: 'maya_reads1'
 * passes for 'maya_reads', but 'emma2' or 'michael1990' is how people with a common first name find
 * a free one, and stays allowed.
 */
const DISTINCTIVE_NAME = 8

/**
 * The skeletons a new username is checked against taken ones with: its own, the one with digits
 * between letters read as letters, and (for a name of DISTINCTIVE_NAME characters or more) the ones
 * without a number and separators at its end. Each is one lookup through the skeleton index. The
 * check looks one way: a taken 'maya_reads1' does not stop the reader who is 'maya_reads'.
 */
export function lookalikeSkeletons(username: string): string[] {
  const lettered = (name: string) => name.replace(/(?<=[A-Za-z])[34578](?=[A-Za-z])/g, (d) => DIGIT_LETTERS[d]!)
  const forms = [username, lettered(username)]
  const withoutNumber = username.replace(/[0-9._-]+$/, '')
  if (withoutNumber !== username && usernameSkeleton(withoutNumber).length >= DISTINCTIVE_NAME) forms.push(withoutNumber, lettered(withoutNumber))
  return [...new Set(forms.map(usernameSkeleton))]
}

/** Names a reader could take to pass for the service, its staff or its systems. */
const RESERVED_NAMES = [
  'shelfwise',
  'admin',
  'admins',
  'administrator',
  'root',
  'superuser',
  'sysadmin',
  'sysop',
  'system',
  'support',
  'help',
  'helpdesk',
  'moderator',
  'moderators',
  'mod',
  'mods',
  'staff',
  'team',
  'official',
  'api',
  'security',
  'abuse',
  'safety',
  'trust',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'mailerdaemon',
  'info',
  'contact',
  'service',
  'services',
  'bot',
  'daemon',
  'anonymous',
  'guest',
  'nobody',
  'null',
  'undefined',
  'everyone',
  'owner',
  'operator',
  'account',
  'accounts',
  'billing',
  'legal',
  'privacy',
  'status',
  'user',
  'users',
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'settings',
  'verify',
  'verified',
]
const RESERVED = new Set(RESERVED_NAMES.map(usernameSkeleton))
const SERVICE = usernameSkeleton('shelfwise')

/** True when the skeleton is made only of reserved names ('admin', 'support_team', 'helpdesk'). */
function isReservedSkeleton(skeleton: string): boolean {
  if (skeleton === '') return false
  // ends[i]: the first i characters split into reserved names.
  const ends = [true, ...Array<boolean>(skeleton.length).fill(false)]
  for (let i = 1; i <= skeleton.length; i++) {
    for (let j = Math.max(0, i - 16); j < i && !ends[i]; j++) ends[i] = ends[j]! && RESERVED.has(skeleton.slice(j, i))
  }
  return ends[skeleton.length]!
}

/**
 * True when a username belongs to the service: a reserved name, in any letter case, with look-alike
 * characters, separators or a number after it ('Admin', 'adm1n', 'support_team', 'root2'), or any
 * name with 'shelfwise' in it.
 */
export function isReservedUsername(username: string): boolean {
  const skeleton = usernameSkeleton(username)
  if (skeleton.includes(SERVICE)) return true
  return isReservedSkeleton(skeleton) || isReservedSkeleton(usernameSkeleton(username.replace(/[0-9._-]+$/, '')))
}

export const RESERVED_USERNAME = 'Username is reserved for Shelfwise’s own accounts; choose another'
export const lookalikeUsername = (taken: string) => `Username looks too much like "${taken}", which is already taken; choose another`
