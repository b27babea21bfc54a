import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { LaunchOptions } from 'playwright-core'

/** Debian's chromium (`apt-get install chromium`); never a downloaded browser. CHROMIUM_PATH overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const hasChromium = () => existsSync(chromiumPath)

export const launchOptions = (): LaunchOptions => ({
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // Nothing leaves the machine: every request to another host goes to a proxy that is not there and
    // fails (net::ERR_PROXY_CONNECTION_FAILED); the suite's own servers on 127.0.0.1 are reached
    // directly. Not a Playwright route: any route turns chromium's HTTP cache off for the page, so
    // every navigation fetched and compiled the whole app again.
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=127.0.0.1;localhost',
    `--disable-features=${[...playwrightDisabledFeatures(), ...UNUSED_FEATURES].join(',')}`,
  ],
})

/**
 * Chromium 156 (Debian's, November 2026) opens the address bar's suggestion popups as WebUI pages,
 * two more renderer processes for every window, and the suite opens a window for each test's page:
 * a page took 430 ms to open, 330 ms without them (20 pages in a loop, quiet machine). A headless
 * browser never shows an address bar.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/**
 * The features Playwright turns off (it passes them as one --disable-features switch before ours).
 * Chromium reads only the last such switch, so ours repeats Playwright's list, read from the
 * playwright-core the lock file pins; if its bundle no longer holds the list where it did, the
 * suite says so instead of quietly turning Playwright's choices back on.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8')
  const list = /\bdisabledFeatures = \[([^\]]*)\]\.filter\(Boolean\)/.exec(bundle)?.[1]
  const names = [...(list ?? '').replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!)
  if (names.length < 5)
    throw new Error(
      "e2e/support/chromium.ts: playwright-core's list of the chromium features it turns off was not found; see how it passes --disable-features now",
    )
  return names
}

export const SKIP_LINE = `*** chromium not found at ${chromiumPath}: the browser suite is SKIPPED (apt-get install -y chromium) ***`
