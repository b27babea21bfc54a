import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { Actor } from '#/security/actor.ts'
import type { Standing } from '#/modules/spoilers/spoilers.rules.ts'

// The rules themselves are pure: other modules take them from here (a module is reached through its service).
export { fromStoredPosition, isWithheld, toStoredPosition, type Standing, type StoredPosition } from '#/modules/spoilers/spoilers.rules.ts'

export interface SpoilersDeps {
  /** The reading log: how far a reader is into a book. */
  reading: Pick<ReadingService, 'progressOf'>
}

/** Where a caller stands for a book, for the withholding rules of spoilers.rules.ts (decision 0043). */
export const createSpoilersService = ({ reading }: SpoilersDeps) => ({
  /** The caller's standing for a book (its work's id): signed out, or their progress read once. */
  async standingOf(actor: Actor | undefined, bookId: string): Promise<Standing> {
    if (!actor) return { signedIn: false }
    return { signedIn: true, userId: actor.id, progress: await reading.progressOf(actor.id, bookId) }
  },
})

export type SpoilersService = ReturnType<typeof createSpoilersService>
