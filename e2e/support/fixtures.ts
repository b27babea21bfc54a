import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { expect, test as base } from 'vitest'
import { launchOptions, SKIP_LINE } from './chromium.ts'
import { myServer } from './my-server.ts'
import { trackRequests } from './network.ts'
import { failureDir } from './paths.ts'
import type { TestUser } from './api.ts'

export const { baseURL, jwtSecret } = myServer()
/** How long a locator or a poll waits for what the reader should see. */
export const WAIT_MS = 15_000

// Uncaught exceptions in the page fail the test; this one is a harmless notice of the browser's.
const ignoredPageErrors = [/ResizeObserver loop/]

/** What a browser context is made with: a desktop window, English, UTC. */
const contextOptions = { baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC' } as const

/** What a reader's visit leaves in the origin's storage; the HTTP cache (with V8's compiled code) is not among them. */
const READER_STORAGE = 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql'

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext(contextOptions)
  context.setDefaultTimeout(WAIT_MS)
  trackRequests(context)
  return context
}

/**
 * A fake clock is installed on the whole context and cannot be taken off again, so a test that moves
 * time asks for a context of its own (`test.override('ownContext', true)`); on the shared one, the
 * clock's first call says so instead of leaving the next test with a paused clock.
 */
function refuseClock(context: BrowserContext) {
  const refuse = () => {
    throw new Error("this test moves the page's clock: give it a context of its own with test.override('ownContext', true)")
  }
  Object.defineProperty(context, 'clock', {
    value: new Proxy(context.clock, { get: (target, key) => (typeof Reflect.get(target, key) === 'function' ? refuse : Reflect.get(target, key)) }),
  })
}

/**
 * `browser`: one chromium per worker (one browser at a time per worker on a shared machine), kept
 * from one spec file to the next (vitest.config.ts: no isolation between a worker's files). Requests
 * to any other origin fail at chromium's dead proxy (support/chromium.ts), so the suite never
 * reaches the network.
 *
 * `context`: one browser context per worker, shared by its tests one after the other, with a
 * fresh page per test and the origin's storage (cookies, localStorage, IndexedDB) emptied before it,
 * so no session or draft leaks between journeys. What stays is the HTTP cache: the app's code (hashed,
 * immutable files) is fetched and compiled once per worker instead of once per test and page (a fresh
 * context's first screen cost chromium 1.8 s of CPU, a warm one 0.7 s). A test that needs a context
 * of its own (a fake clock) says `test.override('ownContext', true)`. A failing test leaves a
 * screenshot and what the browser said in e2e/out/failures/.
 */
export const test = base
  // The fixture API's first argument holds the fixtures this one uses: none.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }): Promise<Browser | null> => {
    if (!baseURL) return null // skipped: the global setup found no chromium
    const browser = await chromium.launch(launchOptions())
    onCleanup(() => browser.close())
    return browser
  })
  .extend('sharedContext', { scope: 'worker' }, async ({ browser }, { onCleanup }): Promise<BrowserContext | null> => {
    if (!browser) return null
    const context = await newContext(browser)
    refuseClock(context)
    onCleanup(() => context.close())
    return context
  })
  .extend('ownContext', false)
  .extend('context', async ({ browser, sharedContext, ownContext, task, skip }, { onCleanup }): Promise<BrowserContext> => {
    if (!baseURL || !browser || !sharedContext) return skip(SKIP_LINE)
    const context = ownContext ? await newContext(browser) : sharedContext
    const pageErrors: string[] = []
    // What the browser said, kept for the failure log (console errors, failed and 4xx/5xx requests).
    const diary: string[] = []
    const watch = (p: Page) => {
      p.on('pageerror', (err) => {
        if (!ignoredPageErrors.some((re) => re.test(err.message))) pageErrors.push(`${p.url()}: ${err.stack ?? err.message}`)
      })
      p.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') diary.push(`console.${m.type()}: ${m.text()}`)
      })
      p.on('requestfailed', (r) => diary.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`))
      p.on('response', (r) => {
        if (r.status() >= 400) diary.push(`${r.status()} ${r.request().method()} ${r.url()}`)
      })
    }
    context.on('page', watch)
    onCleanup(async () => {
      if (task.result?.state === 'fail') {
        mkdirSync(failureDir, { recursive: true })
        const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80)
        await Promise.all(context.pages().map((p, i) => p.screenshot({ path: join(failureDir, `${name}-${i}.png`), fullPage: true }).catch(() => undefined)))
        writeFileSync(
          join(failureDir, `${name}.log`),
          `${context
            .pages()
            .map((p) => `page: ${p.url()}`)
            .join('\n')}\n${diary.join('\n')}\n`,
        )
      }
      context.off('page', watch)
      // Every page of the test ends with it (its live streams and timers too); the next test opens its own.
      if (ownContext) await context.close()
      else await Promise.all(context.pages().map((p) => p.close()))
      if (pageErrors.length) throw new Error(`uncaught errors in the page:\n${pageErrors.join('\n')}`)
    })
    return context
  })
  .extend('page', async ({ context }): Promise<Page> => {
    const page = await context.newPage()
    // The origin's storage as a first visit finds it, whatever the test before left there.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: READER_STORAGE })
    await cdp.detach()
    return page
  })

/**
 * Puts a session in localStorage the way the app's login does, without going through the form: it is
 * written when the page next loads a document of the app's origin (the test's page.goto or reload),
 * before the app's code runs, so nothing reads storage before it is there. It used to open
 * /favicon.svg first to have a page of the origin to write in: a page load per sign-in (19 of them
 * took 4.1 s in the drafts, own-review and reader-rating specs on a busy machine). Written once per
 * call: a later load (after the test signed out, say) finds storage as the page left it, and a
 * second signInAs on the same page writes its reader over the first.
 */
export async function signInAs(page: Page, user: Pick<TestUser, 'token' | 'user'>) {
  await page.addInitScript(
    ([origin, once, token, u]) => {
      if (location.origin !== origin || sessionStorage.getItem(once)) return
      sessionStorage.setItem(once, '1')
      localStorage.setItem('token', token)
      localStorage.setItem('user', u)
    },
    [new URL(baseURL).origin, `e2e-sign-in-${randomUUID()}`, user.token, JSON.stringify(user.user)] as const,
  )
}

/** Waits until the (first) locator's visible text matches: what the reader sees. */
export async function expectText(locator: Locator, expected: string | RegExp, timeout = WAIT_MS) {
  await expect
    .poll(async () => ((await locator.count()) > 0 ? locator.first().innerText() : ''), { timeout, interval: 100 })
    .toMatch(typeof expected === 'string' ? new RegExp(escapeRe(expected)) : expected)
}

export async function expectVisible(locator: Locator, timeout = WAIT_MS) {
  await locator.waitFor({ state: 'visible', timeout })
}

export async function expectHidden(locator: Locator, timeout = WAIT_MS) {
  await locator.waitFor({ state: 'hidden', timeout })
}

/** The snackbar / alert that carries a message. */
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
