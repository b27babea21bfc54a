import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createWorkGate, yieldToLoop } from '#/work-gate.ts'

/** Holds the JS thread for `ms`, as a synchronous SQLite statement does. */
const busy = (ms: number) => {
  const end = performance.now() + ms
  while (performance.now() < end) {
    /* a statement running on the loop */
  }
}

describe('work gate', () => {
  it('runs at most `concurrency` costly reads at once, in arrival order, passing answers and errors on', async () => {
    const gate = createWorkGate({ concurrency: 2 })
    let inFlight = 0
    let most = 0
    const order: number[] = []
    const task = (i: number) =>
      gate.run(async () => {
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((r) => setTimeout(r, 5))
        order.push(i)
        inFlight--
        if (i === 3) throw new Error('three failed')
        return i * 10
      })
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task))
    expect(most).toBe(2)
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 10, 20, 'three failed', 40, 50])
    expect(order.slice(0, 2).sort()).toEqual([0, 1])
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('lets a cheap request through between costly ones instead of after all of them', async () => {
    // 24 costly reads (each holds the thread 15 ms, as a synchronous statement does) start together
    // with a health request; count how many ran before health was answered.
    const server = createServer((_req, res) => res.end('ok'))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    const answeredAfter = async (run: (work: () => Promise<void>) => Promise<void>) => {
      let done = 0
      const health = fetch(`http://127.0.0.1:${port}/`).then(() => done)
      const costly = Array.from({ length: 24 }, () =>
        run(async () => {
          busy(15)
          done++
        }),
      )
      const before = await health
      await Promise.all(costly)
      return before
    }
    try {
      const gate = createWorkGate({ concurrency: 1 })
      expect(await answeredAfter((work) => work())).toBe(24) // no gate: health waits for all of them
      expect(await answeredAfter((work) => gate.run(work))).toBeLessThanOrEqual(8)
    } finally {
      server.close()
    }
  })

  it('answers a health check within a turn or two while 24 clients of another process keep it busy', async () => {
    // The reads run as the server reads each request (in the loop's I/O phase): a gate that started
    // one there at once would leave the other requests of that turn, the health check among them,
    // unread until the costly read is over, turn after turn.
    const gate = createWorkGate({ concurrency: 1 })
    let served = 0
    const seenAfter: number[] = []
    const server = createServer((req, res) => {
      if (req.url === '/health') {
        seenAfter.push(served)
        return res.end('ok')
      }
      void gate
        .run(async () => {
          busy(20)
        })
        .then(() => {
          served++
          res.end('done')
        })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    const client = `
      const http = require('node:http')
      const agent = new http.Agent({ keepAlive: true, maxSockets: 30 })
      const get = (path) => new Promise((r) => http.get({ host: '127.0.0.1', port: ${port}, path, agent }, (res) => { res.resume(); res.on('end', r) }))
      let stop = false
      for (let i = 0; i < 24; i++) (async () => { while (!stop) await get('/search') })()
      setTimeout(async () => {
        for (let i = 0; i < 5; i++) await get('/health')
        stop = true
        setTimeout(() => process.exit(0), 200)
      }, 300)
    `
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['-e', client], { stdio: 'ignore' })
        child.on('exit', () => resolve())
        child.on('error', reject)
      })
    } finally {
      server.closeAllConnections()
      server.close()
    }
    expect(seenAfter).toHaveLength(5)
    // Each health check was read within a few costly reads of the one before (not after dozens).
    const gaps = seenAfter.map((n, i) => n - (i ? seenAfter[i - 1]! : seenAfter[0]!))
    expect(Math.max(...gaps)).toBeLessThanOrEqual(4)
  })

  it('yieldToLoop lets pending timers and I/O run first', async () => {
    const seen: string[] = []
    setImmediate(() => seen.push('other'))
    await yieldToLoop()
    seen.push('after')
    expect(seen).toEqual(['other', 'after'])
  })
})
