import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { postBook, postReview, registerUser } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test, WAIT_MS } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 25, point 6 (decisions 0048, 0049): a reader adds a webhook on /developers/webhooks, copies
// its secret (shown once), and a real signed delivery of their next review reaches a receiver on
// 127.0.0.1; the delivery log shows it, with a long receiver URL that must wrap on a phone.

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

const got: Received[] = []
let server: Server
let receiverBase = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      got.push({ path: req.url ?? '/', headers: req.headers, body })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  receiverBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

const verifies = (header: string, secret: string, body: string) => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
  return Boolean(m) && timingSafeEqual(createHmac('sha256', secret).update(`${m![1]}.${body}`).digest(), Buffer.from(m![2]!, 'hex'))
}

describe('webhooks', () => {
  for (const width of WIDTHS) {
    test(`${width} px: a reader adds a webhook, keeps its secret, and a signed delivery of their review arrives`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL)
      const book = await postBook(baseURL, reader, { role: 'none', title: `Le Petit Prince ${width}` })
      await signInAs(page, reader)
      await page.goto('/developers/webhooks')
      await expectVisible(page.getByRole('heading', { level: 2, name: 'Webhooks' }))
      await expectVisible(page.getByText('No webhooks yet.'))

      // A long path without a break: it must wrap inside the card on a phone.
      const path = `/receiver/${width}/${'averyveryverylongsegment'.repeat(4)}`
      await page.getByRole('textbox', { name: /Receiver URL/ }).fill(`${receiverBase}${path}`)
      await page.getByRole('checkbox', { name: /review\.published/ }).check()
      await page.getByRole('button', { name: 'Add Webhook' }).click()
      const secretBox = page.getByRole('textbox', { name: 'Your webhook’s secret' })
      await expectVisible(secretBox)
      const secret = await secretBox.inputValue()
      expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/)
      await checkScreen(page, 'webhooks-secret', width)
      await page.getByRole('button', { name: 'Done' }).click()
      await expect.poll(() => secretBox.count()).toBe(0)

      // The review is published; the worker delivers it within a few seconds, signed with the secret.
      const comment = 'Magnifique — «L’essentiel est invisible pour les yeux» 🌹 ما أجمل هذا الكتاب'
      await postReview(baseURL, reader, book._id, 5, comment)
      await expect.poll(() => got.filter((r) => r.path === path).length, { timeout: WAIT_MS }).toBe(1)
      const delivery = got.find((r) => r.path === path)!
      expect(verifies(String(delivery.headers['shelfwise-signature']), secret, delivery.body)).toBe(true)
      const payload = JSON.parse(delivery.body) as { id: string; event: string; data: { comment: string } }
      expect(payload).toMatchObject({ event: 'review.published', data: { comment } })
      expect(delivery.headers['shelfwise-delivery']).toBe(payload.id)

      // The log shows it delivered, with its id.
      await page.reload()
      await page.getByRole('button', { name: 'Show Deliveries' }).click()
      const log = page.getByRole('list', { name: 'Deliveries' })
      await expectText(log, /Delivered/)
      await expectText(log, payload.id)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(page, `webhooks-log-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })
      await keepPicture(page, `webhooks-log-light-${width}`)
    })
  }
})
