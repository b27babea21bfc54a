import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { TextField } from '@mui/material'
import { createTheme, decomposeColor, getContrastRatio, recomposeColor, ThemeProvider } from '@mui/material/styles'
import { darkTheme, theme } from '#/theme/theme.ts'

// Production builds replace MUI's CSS-variables theming with stubs that throw (vite.config.ts):
// the app's theme, and MUI's default one, must stay plain themes that never reach it.
describe('theme', () => {
  it('is a plain MUI theme, without CSS variables or colour schemes', () => {
    for (const t of [theme, darkTheme, createTheme()]) {
      expect(t).not.toHaveProperty('colorSchemes')
      expect(t).not.toHaveProperty('cssVarPrefix')
      expect((t as { vars?: unknown }).vars).toBeUndefined()
    }
  })
})

// WCAG AA: 4.5:1 for body text. The pairs the app draws: white on the brand colours (buttons, the top
// bar, badges), secondary text and links on the page and card backgrounds.
/** A translucent colour (text.secondary is black at 68%) as it shows over the background. */
function over(fg: string, bg: string): string {
  const f = decomposeColor(fg)
  const b = decomposeColor(bg)
  const a = f.type === 'rgba' ? (f.values[3] ?? 1) : 1
  const rgb = (c: ReturnType<typeof decomposeColor>) => (c.type.startsWith('rgb') ? c.values.slice(0, 3) : decomposeColor(recomposeColor(c)).values.slice(0, 3))
  const [fv, bv] = [rgb(f), rgb(b)]
  return `rgb(${fv.map((v, i) => Math.round(Number(v) * a + Number(bv[i]) * (1 - a))).join(', ')})`
}

describe.each([
  ['light', theme],
  ['dark', darkTheme],
])('%s theme contrast (WCAG AA)', (_mode, t) => {
  const { palette } = t
  it.each([
    ['button text on primary', palette.primary.contrastText, palette.primary.main],
    // The top bar's current page: primary.dark under white text (light); in the dark scheme the bar is the paper.
    ['the current page in the top bar', palette.common.white, t.palette.mode === 'dark' ? palette.background.paper : palette.primary.dark],
    ['button text on secondary', palette.secondary.contrastText, palette.secondary.main],
    ['primary text on the page', palette.text.primary, palette.background.default],
    ['secondary text on the page', palette.text.secondary, palette.background.default],
    ['secondary text on cards', palette.text.secondary, palette.background.paper],
    ['links (primary) on the page', palette.primary.main, palette.background.default],
    ['error text on the page', palette.error.dark, palette.background.default],
  ])('%s is at least 4.5:1', (_, fg, bg) => {
    expect(getContrastRatio(over(fg, bg), bg)).toBeGreaterThanOrEqual(4.5)
  })
})

// A disabled field's label and help (a field waiting for its data or a save; the help often says why)
// keep secondary text's contrast instead of MUI's text.disabled (2.65 on the page, under 4.5).
describe.each([
  ['light', theme],
  ['dark', darkTheme],
])('%s theme: a disabled field', (_mode, t) => {
  it('keeps its label and its help in secondary text', () => {
    render(
      <ThemeProvider theme={t}>
        <TextField disabled label="Add to a shelf" helperText="Type to find one of your shelves" />
      </ThemeProvider>,
    )
    for (const text of [screen.getByText('Add to a shelf', { selector: 'label' }), screen.getByText('Type to find one of your shelves')]) {
      expect(text).toHaveClass('Mui-disabled')
      const color = getComputedStyle(text).color
      expect(color.replace(/\s/g, '')).toBe(t.palette.text.secondary.replace(/\s/g, ''))
      expect(getContrastRatio(over(color, t.palette.background.default), t.palette.background.default)).toBeGreaterThanOrEqual(4.5)
    }
  })
})
