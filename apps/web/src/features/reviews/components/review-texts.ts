import { MESSAGES } from '@shelfwise/contracts/constants'

/** The spec's fallback when sending a review fails without the server's own words (§8). */
export const SUBMIT_REVIEW_ERROR = 'Failed to submit review'

/** Why the dialog opened with the reader's new text over their existing review. */
export const ALREADY_REVIEWED_NOTICE = `${MESSAGES.alreadyReviewed}. Your new text is below: save it to replace your review, or cancel to keep the one you have.`
