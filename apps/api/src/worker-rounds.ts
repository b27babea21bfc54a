import { isConnectionError } from '#/db/portable.ts'

/**
 * Works in rounds until stopped: a round now, and the next `pollMs` after each one ends. A round
 * reads `stopped()` between its batches to end early. An error ends only its round: a lost database
 * connection quietly (the next round tries again), anything else logged as `<worker> stopped a
 * round`. Answers the stop, which waits for the round under way.
 */
export function startRounds(
  worker: string,
  round: (stopped: () => boolean) => Promise<void>,
  pollMs: number,
  logger: { error(obj: object, msg: string): void },
): () => Promise<void> {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const isStopped = () => stopped
  const loop = async () => {
    try {
      await round(isStopped)
    } catch (err) {
      if (!isConnectionError(err)) logger.error({ err }, `${worker} stopped a round`)
    }
    if (!stopped) timer = setTimeout(() => (running = loop()), pollMs)
  }
  running = loop()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
