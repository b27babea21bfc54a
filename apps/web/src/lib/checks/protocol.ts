// What the page and the contracts worker (contracts-worker.ts) say to each other.

/** Check `text` (an answer's body) against the response schema the contracts export as `schema`. */
export interface CheckRequest {
  id: number
  schema: string
  text: string
}

export type CheckAnswer =
  | { id: number; outcome: 'ok'; data: unknown }
  | { id: number; outcome: 'invalid'; issues: unknown[] }
  /** The worker's contracts have no schema of that name: the page checks it itself. */
  | { id: number; outcome: 'unknown' }
