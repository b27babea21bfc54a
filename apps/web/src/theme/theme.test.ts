import { describe, expect, it } from 'vitest'
import { createTheme } from '@mui/material/styles'
import { theme } from '#/theme/theme.ts'

// Production builds replace MUI's CSS-variables theming with stubs that throw (vite.config.ts):
// the app's theme, and MUI's default one, must stay plain themes that never reach it.
describe('theme', () => {
  it('is a plain MUI theme, without CSS variables or colour schemes', () => {
    for (const t of [theme, createTheme()]) {
      expect(t).not.toHaveProperty('colorSchemes')
      expect(t).not.toHaveProperty('cssVarPrefix')
      expect((t as { vars?: unknown }).vars).toBeUndefined()
    }
  })
})
