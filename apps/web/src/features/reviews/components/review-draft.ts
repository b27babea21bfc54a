import { clearDraft, readDraft, writeDraft } from '#/lib/drafts.ts'

/** A review being written: its stars (0 for none yet) and its text. */
export interface ReviewDraft {
  rating: number
  content: string
}

const keyOf = (bookId: string) => `review:${bookId}`

const isReviewDraft = (v: unknown): v is ReviewDraft =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ReviewDraft).rating === 'number' &&
  (v as ReviewDraft).rating >= 0 &&
  (v as ReviewDraft).rating <= 5 &&
  typeof (v as ReviewDraft).content === 'string'

/** The unsent review of a book kept in this tab, if any. */
export const readReviewDraft = (bookId: string) => readDraft(keyOf(bookId), isReviewDraft)
export const saveReviewDraft = (bookId: string, draft: ReviewDraft) => writeDraft(keyOf(bookId), draft)
export const clearReviewDraft = (bookId: string) => clearDraft(keyOf(bookId))
