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

/**
 * `browser`: one chromium per spec file (one browser at a time on a shared machine).
 * `context`/`page`: a fresh profile per test, so localStorage never leaks between journeys; requests
 * to any other origin are refused so the suite never reaches the network; a failing test leaves a
 * screenshot in e2e/out/failures/.
 */
export const test = base
  // The fixture API's first argument holds the fixtures this one uses: none.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser | null> => {
    if (!baseURL) return null // skipped: the global setup found no chromium
    const browser = await chromium.launch(launchOptions())
    onCleanup(() => browser.close())
    return browser
  })
  .extend('context', async ({ browser, task, skip }, { onCleanup }): Promise<BrowserContext> => {
    if (!baseURL || !browser) return skip(SKIP_LINE)
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC' })
    context.setDefaultTimeout(WAIT_MS)
    trackRequests(context)
    await context.route(
      (url) => url.origin !== new URL(baseURL).origin,
      (route) => route.abort('blockedbyclient'),
    )
    const pageErrors: string[] = []
    // What the browser said, kept for the failure log (console errors, failed and 4xx/5xx requests).
    const diary: string[] = []
    context.on('page', (p) => {
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
    })
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
      await context.close()
      if (pageErrors.length) throw new Error(`uncaught errors in the page:\n${pageErrors.join('\n')}`)
    })
    return context
  })
  .extend('page', async ({ context }): Promise<Page> => context.newPage())

/** Puts a session in localStorage the way the app's login does, without going through the form. */
export async function signInAs(page: Page, user: Pick<TestUser, 'token' | 'user'>) {
  // A static file of the same origin: the app does not run, so nothing reads storage before we write it.
  await page.goto('/favicon.svg')
  await page.evaluate(
    ([token, u]) => {
      localStorage.setItem('token', token)
      localStorage.setItem('user', u)
    },
    [user.token, JSON.stringify(user.user)] as const,
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
