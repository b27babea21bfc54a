// Costly reads take turns. node:sqlite runs every statement on the one JS thread, so twenty-four
// searches started at once would each hold the loop in turn while a cheap request waits behind all
// of them. Through a gate at most `concurrency` of them run at a time; the others wait in a queue,
// which costs the loop nothing, and each turn starts from a fresh turn of the event loop
// (setImmediate), so requests that arrived meanwhile (a health check, a book page) are read and
// answered between two costly ones.

export interface WorkGate {
  /** Runs `work` when a turn is free; its answer or error is passed on. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Runs in flight and waiting now (for tests and metrics). */
  readonly load: { running: number; waiting: number }
}

/** Lets the event loop read and answer what arrived before going on (I/O before the next slice). */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export function createWorkGate({ concurrency }: { concurrency: number }): WorkGate {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('a work gate needs a concurrency of at least 1')
  let running = 0
  const waiting: (() => void)[] = []
  const release = () => {
    running--
    const next = waiting.shift()
    if (next) {
      running++
      // The next turn starts after the loop's I/O phase, not in this one's microtasks.
      setImmediate(next)
    }
  }
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      // Never in the caller's own turn: the requests read in this turn of the loop (a health check
      // among them) are all taken in before any costly work starts.
      if (running < concurrency) {
        running++
        await yieldToLoop()
      } else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        release()
      }
    },
    get load() {
      return { running, waiting: waiting.length }
    },
  }
}
