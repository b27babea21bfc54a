import type { Owned } from '@shelfwise/contracts'
import { nowIso, type Db } from '#/db/portable.ts'
import { findEntryDetails, type EntryDetails, type EntryDetailsChange } from '#/modules/reading/reading.repository.ts'

/**
 * What an imported row fills in on the reader's entry (decision 0031), never overwriting what the
 * reader set here: the day the book came in (only ever earlier), private notes when they differ, the
 * edition and the copies owned when the entry names none.
 */
export interface ImportDetails {
  /** A whole day, 'YYYY-MM-DD'. */
  addedOn?: string | null
  privateNotes?: string | null
  editionId?: string | null
  owned?: Owned | null
  /** The book's place on its status shelf in the file ("to-read (#3)"), and that status. */
  statusPosition?: { status: string; position: number } | null
}

export async function detailsToFill(trx: Db, userId: string, bookId: string, d: ImportDetails) {
  if (!hasDetails(d)) return undefined
  return detailsChange(await findEntryDetails(trx, userId, bookId), d)
}

/** Whether the row gives any detail to fill in (else the entry's are not read). */
export const hasDetails = (d: ImportDetails) => Boolean(d.addedOn || d.privateNotes || d.editionId || d.owned || d.statusPosition)

/** What the row's details change on an entry that has `had` (none: an entry made now), or undefined for nothing. */
export function detailsChange(had: EntryDetails | undefined, d: ImportDetails) {
  const change: EntryDetailsChange = {}
  const addedAt = d.addedOn ? `${d.addedOn}T00:00:00.000Z` : undefined
  // A new entry is made now: a Date Added before now is its moment.
  if (addedAt && addedAt < (had?.createdAt ?? nowIso())) change.createdAt = addedAt
  if (d.privateNotes && d.privateNotes !== had?.privateNotes) change.privateNotes = d.privateNotes
  if (d.editionId && !had?.editionId) change.editionId = d.editionId
  if (d.owned && !had?.owned) Object.assign(change, { ownedFormat: d.owned.format, ownedCopies: d.owned.copies })
  const p = d.statusPosition
  if (p && (p.position !== had?.statusPosition || p.status !== had?.statusPositionOf))
    Object.assign(change, { statusPosition: p.position, statusPositionOf: p.status })
  return Object.keys(change).length ? change : undefined
}
