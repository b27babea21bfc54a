import { createHmac } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@shelfwise/contracts'
import { hostOf, isPrivateAddress, PrivateAddressError, publicOnlyLookup } from '#/modules/webhooks/webhooks.addresses.ts'

// One attempt of one delivery (decision 0049): a POST of the JSON body, signed, with a short
// timeout; no redirect followed; of the answer only its status and a short excerpt are kept.

/** The signature header's value: `t=UNIX_SECONDS,v1=HEX`, HEX the HMAC-SHA256 of `t + "." + body` with the hook's secret. */
function signatureOf(secret: string, unixSeconds: number, body: string): string {
  const hex = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${hex}`
}

export interface Attempt {
  url: string
  deliveryId: string
  secret: string
  body: string
  /** The moment of signing, in ms. */
  now: number
  timeoutMs: number
  allowPrivate: boolean
}

export interface AttemptResult {
  ok: boolean
  /** The receiver's status; null when none answered. */
  status: number | null
  /** What went wrong, in a few words (with an excerpt of the answer); null when delivered. */
  error: string | null
}

// Connections to receivers are kept open between attempts (a backlog to one receiver reuses a few),
// each opened only to an address the lookup allowed.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 8, maxTotalSockets: 64, timeout: 30_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 8, maxTotalSockets: 64, timeout: 30_000 }),
}

/** The first characters of a text, on one line. */
const excerpt = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, WEBHOOK_LIMITS.excerptMax)

/** Sends one attempt; never throws. */
export function sendAttempt(a: Attempt): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let settled = false
    const done = (r: AttemptResult) => {
      if (settled) return
      settled = true
      resolve(r)
    }
    let url: URL
    try {
      url = new URL(a.url)
    } catch {
      return done({ ok: false, status: null, error: 'the URL cannot be read' })
    }
    const host = hostOf(url)
    if (!a.allowPrivate && isIP(host) && isPrivateAddress(host)) return done({ ok: false, status: null, error: `refused: ${host} is a private address` })
    const client = url.protocol === 'https:' ? https : http
    const signature = signatureOf(a.secret, Math.floor(a.now / 1000), a.body)
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(a.body),
          'user-agent': 'Shelfwise-Webhooks/1',
          [WEBHOOK_HEADERS.delivery]: a.deliveryId,
          [WEBHOOK_HEADERS.signature]: signature,
        },
        timeout: a.timeoutMs,
        ...(a.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        agent: url.protocol === 'https:' ? agents.https : agents.http,
      },
      (res) => {
        const status = res.statusCode ?? 0
        const chunks: Buffer[] = []
        let size = 0
        const finish = () => {
          const text = excerpt(Buffer.concat(chunks).toString('utf8'))
          if (status >= 200 && status < 300) return done({ ok: true, status, error: null })
          if (status >= 300 && status < 400) return done({ ok: false, status, error: `redirect not followed (${status})` })
          done({ ok: false, status, error: text ? `HTTP ${status}: ${text}` : `HTTP ${status}` })
        }
        res.on('data', (chunk: Buffer) => {
          // Only a short excerpt is ever read: a huge answer is cut off.
          if (size < WEBHOOK_LIMITS.excerptMax * 4) chunks.push(chunk)
          size += chunk.length
          if (size >= WEBHOOK_LIMITS.excerptMax * 4) {
            finish()
            res.destroy()
          }
        })
        res.on('end', finish)
        res.on('error', finish)
        res.on('close', finish)
      },
    )
    const timer = setTimeout(() => {
      done({ ok: false, status: null, error: `no answer within ${a.timeoutMs / 1000} s` })
      req.destroy()
    }, a.timeoutMs)
    timer.unref()
    req.on('timeout', () => {
      done({ ok: false, status: null, error: `no answer within ${a.timeoutMs / 1000} s` })
      req.destroy()
    })
    req.on('error', (err) => {
      const reason = err instanceof PrivateAddressError ? err.message : ((err as NodeJS.ErrnoException).code ?? err.message)
      done({ ok: false, status: null, error: excerpt(`could not connect: ${reason}`) })
    })
    req.on('close', () => clearTimeout(timer))
    req.end(a.body)
  })
}
