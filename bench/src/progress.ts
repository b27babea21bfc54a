// A progress bar on stderr: redrawn in place on a terminal, a line per tenth otherwise (CI logs).

const WIDTH = 28

export interface Progress {
  tick(n?: number): void
  done(note?: string): void
}

const fmt = (n: number) => n.toLocaleString('en-US')
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

export function progress(label: string, total: number, startedAt = performance.now()): Progress {
  const tty = process.stderr.isTTY === true
  let count = 0
  let lastDraw = 0
  let lastTenth = -1
  const line = () => {
    const share = total ? Math.min(1, count / total) : 1
    const filled = Math.round(share * WIDTH)
    return `${label.padEnd(18)} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${fmt(count)}/${fmt(total)} ${secs(performance.now() - startedAt)}`
  }
  return {
    tick(n = 1) {
      count += n
      const now = performance.now()
      if (tty) {
        if (now - lastDraw > 100) {
          process.stderr.write(`\r${line()}`)
          lastDraw = now
        }
      } else {
        const tenth = total ? Math.floor((count / total) * 10) : 10
        if (tenth > lastTenth && tenth < 10) {
          lastTenth = tenth
          process.stderr.write(`${line()}\n`)
        }
      }
    },
    done(note = '') {
      count = Math.max(count, total)
      process.stderr.write(`${tty ? '\r' : ''}${line()}${note ? `  ${note}` : ''}\n`)
    },
  }
}

/** Runs a step and prints how long it took. */
export async function step<T>(label: string, fn: () => T | Promise<T>): Promise<T> {
  const started = performance.now()
  const tty = process.stderr.isTTY === true
  if (tty) process.stderr.write(`${label.padEnd(18)} …`)
  const out = await fn()
  process.stderr.write(`${tty ? '\r' : ''}${label.padEnd(18)} ${secs(performance.now() - started)}\n`)
  return out
}
