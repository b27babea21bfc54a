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
  ],
})

export const SKIP_LINE = `*** chromium not found at ${chromiumPath}: the browser suite is SKIPPED (apt-get install -y chromium) ***`
