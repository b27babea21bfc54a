import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { describeFindings, seriousAxeViolations } from './a11y.ts'
import { quietNetwork } from './network.ts'
import { screenshotDir } from './paths.ts'

/** A phone, a tablet (MUI's md breakpoint exactly) and a desktop (past lg). */
export const WIDTHS = [375, 900, 1440] as const
export type Width = (typeof WIDTHS)[number]

/** Card grids: 2 columns on small screens, 3 from md (900), 4 from lg (1200). */
export const GRID_COLUMNS: Record<Width, number> = { 375: 2, 900: 3, 1440: 4 }

/** Waits until the screen has its data: no request in flight, no spinner, fonts and images ready, transitions ended. */
async function settle(page: Page) {
  await page.waitForLoadState('load')
  await quietNetwork(page, 15_000)
  // A spinner is a progress bar without a value; a reader's progress in a book (aria-valuenow) stays.
  await expect.poll(() => page.locator('[role="progressbar"]:not([aria-valuenow])').count(), { timeout: 15_000 }).toBe(0)
  await page.evaluate(async () => {
    await document.fonts.ready
    // A lazy image below the fold is not fetched until it comes near the viewport: it is not waited for.
    const inView = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect()
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
    }
    const awaited = [...document.images].filter((img) => !img.complete && (img.loading !== 'lazy' || inView(img)))
    await Promise.all(
      awaited.map(
        (img) =>
          new Promise((r) => {
            img.onload = img.onerror = r
          }),
      ),
    )
    // Transitions (a tab's indicator, a fade) end before the checks look: after two frames, so one
    // just asked for has started, every running animation with an end is awaited, and again until two
    // frames pass with none running (a fade that starts once another ends, or once late data lands),
    // at most a second in all. This was a flat 250 ms, spent on every screen whether anything moved or not.
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    const until = performance.now() + 1000
    for (;;) {
      await frames()
      const moving = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
      const left = until - performance.now()
      if (!moving.length || left <= 0) break
      await Promise.race([Promise.all(moving.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, left))])
    }
  })
}

/**
 * The checks every screen gets at every width, in one visit: nothing scrolls sideways, axe-core finds
 * nothing serious or critical, and a full-page picture lands in e2e/out/screenshots/<name>-<width>.jpg.
 */
export async function checkScreen(page: Page, name: string, width: number) {
  // From the top: where a step left the page scrolled, the sticky top bar covers whatever lies under
  // it then, and axe-core counts that as a target too small to touch.
  await page.evaluate(() => window.scrollTo(0, 0))
  await settle(page)
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  const findings = await seriousAxeViolations(page)
  await keepPicture(page, `${name}-${width}`)
  expect(sideways, `${name} at ${width}px scrolls sideways`).toBe(0)
  expect(findings, `axe-core on ${name} at ${width}px:\n${describeFindings(findings)}`).toEqual([])
}

/**
 * Keeps a picture to look at in e2e/out/screenshots/<name>.jpg: the whole page (or the `clip` of it),
 * or one element. JPEG, not PNG: encoding a full page as PNG cost chromium 0.7–1.0 s of CPU (0.3–0.4 s
 * as JPEG), and the suite keeps over 500 of them on a two-core machine. `E2E_PICTURES=off` keeps none:
 * CI sets it, since nobody looks at a clean clone's pictures (they were 12% of the browser's CPU in
 * the dark-mode and safety specs).
 */
export async function keepPicture(target: Page | Locator, name: string, { clip }: { clip?: { x: number; y: number; width: number; height: number } } = {}) {
  if (process.env.E2E_PICTURES === 'off') return
  mkdirSync(screenshotDir, { recursive: true })
  const picture = { path: join(screenshotDir, `${name}.jpg`), type: 'jpeg', quality: 85 } as const
  if ('goto' in target) await target.screenshot(clip ? { ...picture, clip } : { ...picture, fullPage: true })
  else await target.screenshot(picture)
}

/** How many columns a grid shows: the items level with its first item (measured from their boxes). */
export async function columnCount(list: Locator): Promise<number> {
  return list.evaluate((el) => {
    const boxes = [...el.children].map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0)
    if (!boxes.length) return 0
    const top = Math.min(...boxes.map((b) => b.top))
    return boxes.filter((b) => Math.abs(b.top - top) < 2).length
  })
}

/** The computed line clamp of an element and how many lines its box really holds. */
export async function clampOf(el: Locator): Promise<{ clamp: string; lines: number; clipped: boolean }> {
  return el.evaluate((node) => {
    const s = getComputedStyle(node)
    const lineHeight = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.43
    return {
      clamp: s.getPropertyValue('-webkit-line-clamp'),
      lines: Math.round(node.getBoundingClientRect().height / lineHeight),
      clipped: node.scrollHeight > node.clientHeight + 1,
    }
  })
}
