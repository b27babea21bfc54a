// A worker of its own for checking answers against their response schemas (decision 0072). Building
// every schema of the contracts is one long task of ~50 ms on this machine, four times that on
// Lighthouse's phone, and each check is more main-thread work: here neither delays the first screen.
// It reads the answer's text, checks it against the schema named, and sends the checked value back.
import * as contracts from '@shelfwise/contracts'
import type { CheckAnswer, CheckRequest } from '#/lib/checks/protocol.ts'

const schemas = contracts as unknown as Record<string, { safeParse?: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: unknown[] } } }>

const answer = (message: CheckAnswer) => postMessage(message)

addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  const { id, schema, text } = event.data
  const check = schemas[schema]?.safeParse
  // The page asked for a schema this build does not have: it checks the answer itself.
  if (typeof check !== 'function') return answer({ id, outcome: 'unknown' })
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  const result = check.call(schemas[schema], json)
  answer(result.success ? { id, outcome: 'ok', data: result.data } : { id, outcome: 'invalid', issues: result.error?.issues ?? [] })
})
