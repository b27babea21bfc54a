import type { BrowserContext, Page, Request } from 'playwright-core'

// What a page has in flight, for waiting until a screen has its data (support/screen.ts). Playwright's
// own 'networkidle' waits for 500 ms without a request after the last one ends, on every screen the
// suite checks (over 500 a run); counting the requests lets that wait end once nothing is in flight
// and nothing new has started for QUIET_MS.

/** How long nothing may start after the last request ended before the page counts as quiet. */
const QUIET_MS = 200

interface Traffic {
  inFlight: Set<Request>
  /** performance.now() of the last request that started or ended. */
  lastChange: number
}

const traffic = new WeakMap<Page, Traffic>()

const of = (request: Request): Traffic | undefined => {
  try {
    const page = request.frame().page()
    return traffic.get(page)
  } catch {
    return undefined // a service worker's request, say: no page of ours waits for it
  }
}

/** Counts every page's requests in a context, from its first; the live notification stream (it never ends) is left out. */
export function trackRequests(context: BrowserContext) {
  context.on('page', (page) => traffic.set(page, { inFlight: new Set(), lastChange: performance.now() }))
  context.on('request', (request) => {
    const t = of(request)
    if (!t || request.resourceType() === 'eventsource') return
    t.inFlight.add(request)
    t.lastChange = performance.now()
  })
  const ended = (request: Request) => {
    const t = of(request)
    if (t?.inFlight.delete(request)) t.lastChange = performance.now()
  }
  context.on('requestfinished', ended)
  context.on('requestfailed', ended)
}

/** Resolves once the page has had nothing in flight for QUIET_MS; fails after `timeout` ms naming what is still loading. */
export async function quietNetwork(page: Page, timeout: number) {
  const t = traffic.get(page)
  if (!t) return page.waitForLoadState('networkidle', { timeout }) // a page from outside a tracked context
  const deadline = performance.now() + timeout
  for (;;) {
    const now = performance.now()
    if (t.inFlight.size === 0 && now - t.lastChange >= QUIET_MS) return
    if (now > deadline) throw new Error(`the page still loads after ${timeout} ms: ${[...t.inFlight].map((r) => `${r.method()} ${r.url()}`).join(', ')}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
