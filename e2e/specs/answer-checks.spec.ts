import { expect } from 'vitest'
import { listBooks } from '../support/api.ts'
import { alertWith, baseURL, expectVisible, test } from '../support/fixtures.ts'
import { answer, failCall } from '../support/failures.ts'

// Decision 0072: the API's answers are checked against their response schemas in a worker of their
// own, so building the schemas (one long task) and checking big answers stay off the page's main
// thread on the first screens; an answer that breaks its contract is still refused.

/** A sentence only the contracts' schemas hold (the progress-sync rules): found in a script, that script carries them. */
const SCHEMA_TEXT = 'must name the book one way'

test("a first page's answers are checked in the contracts worker; the page itself never loads the schemas", async ({ page }) => {
  // The page's scripts but the worker's one file, read again from the server after (they are immutable).
  const scripts = new Set<string>()
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !url.pathname.includes('contracts-worker')) scripts.add(url.pathname)
  })
  const worker = page.waitForEvent('worker')
  await page.goto('/')
  expect((await worker).url()).toContain('/assets/contracts-worker-')
  // The books on Home came through the worker's check.
  await expectVisible(page.getByRole('heading', { name: 'Popular Books This Week' }))
  const [book] = await listBooks(baseURL)
  await page.goto(`/books/${book!._id}`)
  await expectVisible(page.getByRole('heading', { level: 1, name: book!.title }))
  await page.goto('/browse')
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Browse Books' }))
  await page.waitForLoadState('networkidle')
  const bodies = await Promise.all([...scripts].map(async (path) => ({ path, text: await (await fetch(new URL(path, baseURL))).text() })))
  expect(bodies.length).toBeGreaterThan(3)
  expect(bodies.filter((b) => b.text.includes(SCHEMA_TEXT)).map((b) => b.path)).toEqual([])
})

test('an answer that breaks its contract is refused by the worker: the book page shows its error, not a broken book', async ({ page }) => {
  const [book] = await listBooks(baseURL)
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  // A book whose rating is text and whose title is missing.
  await failCall(page, { method: 'GET', path: `/books/${book!._id}` }, answer({ _id: book!._id, averageRating: 'five' }))
  await page.goto(`/books/${book!._id}`)
  await expectVisible(alertWith(page, 'Failed to fetch book details'))
  expect(errors.some((e) => e.includes(`Unexpected response from GET /books/${book!._id}`))).toBe(true)
})
