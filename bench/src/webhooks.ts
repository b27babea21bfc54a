// The webhook backlog stall scenario of `npm run bench` (issue 25, decision 0048): a reader's hook
// has a backlog of deliveries (100,000; 2,000 with --quick) that all fall due at one moment; the
// server's worker drains it to a receiver in this process while a probe times GET /api/health one
// request after another. Budget: health p99 ≤ 50 ms while it drains, every delivery received once.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { createDb } from '../../apps/api/src/public.ts'
import { STALL_BUDGET_P99_MS, type ProbeResult, type StallRow } from './stall.ts'
import type { Target } from './target.ts'

/** Rows per insert statement while the backlog is written. */
const INSERT_BATCH = 500

interface Probe {
  child: { stdin: NodeJS.WritableStream | null }
  exited: Promise<number | null>
  lastLine(): string
}

export interface BacklogDeps {
  base: string
  target: Target
  quick: boolean
  /** A reader signed up for it: the hook is theirs (their account is closed afterwards). */
  reader: { token: string; password: string }
  startProbe: (base: string) => Promise<Probe>
  closeAccount: (base: string, reader: { token: string; password: string }) => Promise<void>
}

export async function runWebhookBacklog({ base, target, quick, reader, startProbe, closeAccount }: BacklogDeps): Promise<StallRow> {
  const total = quick ? 2_000 : 100_000
  const name = `webhook backlog: ${total.toLocaleString('en-US')} deliveries due at once, drained to a loopback receiver`
  process.stderr.write(`stall: ${name} …`)
  const started = performance.now()
  const seen = new Set<string>()
  let duplicates = 0
  let allIn: () => void = () => {}
  const drained = new Promise<void>((r) => (allIn = r))
  const receiver = createServer((req, res) => {
    const id = String(req.headers['shelfwise-delivery'])
    req.resume()
    req.on('end', () => {
      if (seen.has(id)) duplicates++
      seen.add(id)
      res.writeHead(204).end()
      if (seen.size >= total) allIn()
    })
  })
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/backlog`
  const made = await fetch(`${base}/api/me/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['library.changed'] }),
  })
  if (made.status !== 201) throw new Error(`the bench could not add its webhook: ${made.status} ${await made.text()}`)
  const hook = (await made.json()) as { _id: string }

  // The backlog, written by this process, due a little after it is all in (so the drain, not the writing, is measured).
  const db = createDb({ url: target.url, poolSize: 1 })
  let dueAt = 0
  try {
    const { userId } = await db.selectFrom('webhooks').select('userId').where('id', '=', hook._id).executeTakeFirstOrThrow()
    const createdAt = new Date().toISOString()
    dueAt = Date.now() + (quick ? 3_000 : 20_000)
    const due = new Date(dueAt).toISOString()
    for (let i = 0; i < total; i += INSERT_BATCH) {
      const batch = Array.from({ length: Math.min(INSERT_BATCH, total - i) }, () => {
        const id = randomUUID()
        return {
          id,
          webhookId: hook._id,
          userId,
          event: 'library.changed',
          payload: JSON.stringify({ id, event: 'library.changed', createdAt, data: { bookId: randomUUID() } }),
          createdAt,
          attempts: 0,
          nextAttemptAt: due,
          lastStatus: null,
          lastError: null,
          deliveredAt: null,
          failedAt: null,
        }
      })
      await db.insertInto('webhookDeliveries').values(batch).execute()
    }
  } finally {
    await db.destroy()
  }
  if (Date.now() > dueAt) throw new Error('writing the webhook backlog took longer than its head start: raise it')

  const probe = await startProbe(base)
  // The probe runs from just before the moment they fall due until the last one arrives (or the time runs out).
  const limit = quick ? 60_000 : 600_000
  const timedOut = await Promise.race([drained.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), dueAt - Date.now() + limit).unref())])
  const drainMs = Date.now() - dueAt
  probe.child.stdin!.end()
  if ((await probe.exited) !== 0) throw new Error('the health probe exited with an error')
  const probed = JSON.parse(probe.lastLine()) as ProbeResult
  receiver.close()
  await closeAccount(base, reader)
  const rate = seen.size / Math.max(0.001, drainMs / 1000)
  const detail = `${seen.size.toLocaleString('en-US')}/${total.toLocaleString('en-US')} received in ${(drainMs / 1000).toFixed(1)} s (${Math.round(rate)}/s), ${duplicates} twice`
  process.stderr.write(
    `\rstall: ${name}: health p99 ${probed.p99.toFixed(1)} ms (max ${probed.max.toFixed(1)}), ${detail}; took ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  )
  return {
    ...probed,
    name,
    attackStatuses: { 204: seen.size },
    attackRequests: seen.size,
    detail,
    pass: !timedOut && duplicates === 0 && probed.errors === 0 && probed.p99 <= STALL_BUDGET_P99_MS,
  }
}
