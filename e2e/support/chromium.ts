import { existsSync } from 'node:fs'
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
  ],
})

export const SKIP_LINE = `*** chromium not found at ${chromiumPath}: the browser suite is SKIPPED (apt-get install -y chromium) ***`
