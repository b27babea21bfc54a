// Answers the boot script (src/boot.ts) requested before the app's code loaded, as the API client
// takes them. The boot script imports only its type: the two share no code, so the boot script never
// waits for the app's.

export interface EarlyAnswer {
  /** The session token the request was made with: an answer is only used for the same session. */
  token: string | null
  response: Promise<Response>
  /** performance.now() when it was asked. */
  at: number
}

/** The global the boot script leaves its answers under (a Map from URL to answer); = EARLY_ANSWERS_GLOBAL of src/shell/routes.ts. */
export const EARLY_ANSWERS = '__shelfwiseEarly'

/** How long an early answer may stand in for a fresh request: the first screen's, no later. */
export const EARLY_MAX_AGE_MS = 10_000

const answers = () => (globalThis as Record<string, unknown>)[EARLY_ANSWERS] as Map<string, EarlyAnswer> | undefined

/** The early answer for a GET of `url` with `token`, once; undefined when there is none (or it is too old). */
export function takeEarlyAnswer(url: string, token: string | null): Promise<Response> | undefined {
  const map = answers()
  const hit = map?.get(url)
  if (!hit) return undefined
  map!.delete(url)
  return hit.token === token && performance.now() - hit.at <= EARLY_MAX_AGE_MS ? hit.response : undefined
}

/** A write makes every early answer possibly out of date. */
export function dropEarlyAnswers() {
  answers()?.clear()
}
