// Where an answer is checked against its response schema (decision 0072): in the contracts worker
// where the browser can start one, so that neither building the schemas nor checking big answers
// takes the page's main thread; on the main thread (the contracts loaded as a chunk) where it cannot
// (the unit tests' jsdom), when the worker failed, or for a schema picked other than by its name.
import type { z } from 'zod'
import type { CheckAnswer, CheckRequest } from '#/lib/checks/protocol.ts'

type Contracts = typeof import('@shelfwise/contracts')
/** Picks the response schema out of the contracts, which (with zod) load apart from the first screen's code. */
export type SchemaPick<S extends z.ZodType> = (contracts: Contracts) => S

let contracts: Promise<Contracts> | undefined
/** The contracts on the main thread (forms' own rules, exports' file names, and checks the worker cannot make). */
export const loadContracts = (): Promise<Contracts> => (contracts ??= import('@shelfwise/contracts'))

export type Checked = { ok: true; data: unknown } | { ok: false; error: unknown }

const NAME = Symbol('schema name')
/** Stands in for the contracts to learn which export a pick reads: `(c) => c.BookSchema` gives 'BookSchema'. */
const NAMES = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? { [NAME]: key } : undefined) }) as unknown as Contracts

/** The name of the export `pick` returns as it is, or undefined for any other pick (one that builds a schema). */
function schemaName(pick: SchemaPick<z.ZodType>): string | undefined {
  try {
    const picked = pick(NAMES) as unknown
    return picked && typeof picked === 'object' && NAME in picked ? String((picked as Record<symbol, unknown>)[NAME]) : undefined
  } catch {
    return undefined
  }
}

let worker: Worker | null | undefined
let nextId = 1
const waiting = new Map<number, (answer: CheckAnswer | undefined) => void>()

function contractsWorker(): Worker | null {
  if (worker !== undefined) return worker
  if (typeof Worker === 'undefined') return (worker = null)
  try {
    worker = new Worker(new URL('./contracts-worker.ts', import.meta.url), { type: 'module', name: 'contracts' })
  } catch {
    return (worker = null)
  }
  worker.addEventListener('message', (event: MessageEvent<CheckAnswer>) => {
    waiting.get(event.data.id)?.(event.data)
    waiting.delete(event.data.id)
  })
  // A worker that cannot start (or dies) leaves its checks to the main thread, from now on.
  worker.addEventListener('error', () => {
    worker = null
    for (const settle of waiting.values()) settle(undefined)
    waiting.clear()
  })
  return worker
}

/** Starts the worker (and its download) early, before the first answer needs it; without one, the contracts chunk. */
export function warmChecks() {
  if (!contractsWorker()) void loadContracts()
}

async function onMainThread(pick: SchemaPick<z.ZodType>, text: string): Promise<Checked> {
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  const parsed = pick(await loadContracts()).safeParse(json)
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, error: parsed.error }
}

/** Checks an answer's body against the schema `pick` names: the checked value, or what was wrong. */
export async function checkAnswer(pick: SchemaPick<z.ZodType>, text: string): Promise<Checked> {
  const schema = schemaName(pick)
  const to = schema ? contractsWorker() : null
  if (schema && to) {
    const id = nextId++
    const answer = await new Promise<CheckAnswer | undefined>((settle) => {
      waiting.set(id, settle)
      to.postMessage({ id, schema, text } satisfies CheckRequest)
    })
    if (answer?.outcome === 'ok') return { ok: true, data: answer.data }
    if (answer?.outcome === 'invalid') return { ok: false, error: answer.issues }
  }
  return onMainThread(pick, text)
}
