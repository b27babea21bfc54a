import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator, Page } from 'playwright-core'

// axe-core's own bundle, evaluated through the DevTools protocol: the page's CSP (no inline script)
// does not apply to it, and the app's build carries no trace of it.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeFinding {
  id: string
  impact: string
  help: string
  nodes: string[]
}

/**
 * axe-core in every later document of a page it has checked once, top frame and HTML only. Sending its
 * 550 KB through the DevTools protocol again after each navigation cost 100–350 ms a check (a page
 * checks a screen at three widths, or four screens in a row); registered once, chromium evaluates it
 * itself as each document starts (six navigations of one page: 1.2–1.4 s of sending became 54–70 ms of
 * asking whether it is there, the navigations as long as before).
 */
const axeOnEveryDocument = `if (window === window.top && document.documentElement instanceof HTMLHtmlElement) {\n${axeSource}\n}`
const armed = new WeakSet<Page>()

/** Runs axe-core (WCAG 2.x A and AA rules, best practices) on the page; answers the serious and critical findings. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  if (!armed.has(page)) {
    armed.add(page)
    await page.addInitScript(axeOnEveryDocument)
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact?: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>
        }
      }
    ).axe
    const res = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    })
    return res.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.slice(0, 400)),
      }))
  })
}

/** A readable list of findings, for an assertion message. */
export const describeFindings = (f: AxeFinding[]) => f.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n')

/**
 * Whether the focused element shows where focus is: an outline or a box-shadow on it or on a close
 * ancestor (a form that rings its field with :focus-within), or a thickened outline of an MUI field.
 */
export async function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return null
    const drawn = (node: Element) => {
      const s = getComputedStyle(node)
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return `outline ${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor}`
      if (s.boxShadow && s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`
      return null
    }
    let node: Element | null = el
    for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
      const found = drawn(node)
      if (found) return `${depth === 0 ? '' : `ancestor ${depth}: `}${found}`
    }
    // MUI outlined fields draw focus as a 2px border on their fieldset.
    const fieldset = el.closest('.MuiOutlinedInput-root')?.querySelector('fieldset')
    if (fieldset && el.closest('.Mui-focused')) {
      const s = getComputedStyle(fieldset)
      if (parseFloat(s.borderTopWidth) >= 2) return `field border ${s.borderTopWidth} ${s.borderTopColor}`
    }
    return null
  })
}

/** The accessible description of what has focus: role-ish tag and text, for messages. */
export const focusedSummary = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el) return 'nothing'
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(el.getAttribute('aria-label') ?? el.innerText ?? (el as HTMLInputElement).value ?? '').slice(0, 60)}"`
  })

/** Presses Tab until the locator has focus (at most `max` times); answers how many presses it took. */
export async function tabTo(page: Page, target: Locator, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(key)
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return i
  }
  throw new Error(`${max} presses of ${key} never reached the element; focus is on ${await focusedSummary(page)}`)
}
