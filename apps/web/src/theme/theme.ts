import { createTheme, type PaletteOptions } from '@mui/material/styles'
import { PAGE_BACKGROUND, type ColorMode } from '#/theme/theme-colors.ts'

export type { ColorMode }

// Tokens of the spec (§9): primary a blue, secondary a pink, system font first, MUI's breakpoints.
// Light: both main colours keep at least 4.5:1 against white text (WCAG AA). Dark: the same hues,
// lighter, under dark text; text and links keep 4.5:1 on the dark page and cards (theme.test.ts).
const PALETTES: Record<ColorMode, PaletteOptions> = {
  light: {
    mode: 'light',
    primary: { main: '#1565c0', light: '#5e92f3', dark: '#003c8f', contrastText: '#ffffff' },
    secondary: { main: '#c2185b', light: '#fa5788', dark: '#8c0032', contrastText: '#ffffff' },
    background: { default: PAGE_BACKGROUND.light, paper: '#ffffff' },
    text: { secondary: 'rgba(0, 0, 0, 0.68)' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#90caf9', light: '#c3fdff', dark: '#5d99c6', contrastText: 'rgba(0, 0, 0, 0.87)' },
    secondary: { main: '#f48fb1', light: '#ffc1e3', dark: '#bf5f82', contrastText: 'rgba(0, 0, 0, 0.87)' },
    error: { main: '#f48a8a', dark: '#ff9c9c', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: PAGE_BACKGROUND.dark, paper: '#1b1d21' },
    text: { secondary: 'rgba(255, 255, 255, 0.72)' },
  },
}

const makeTheme = (mode: ColorMode) =>
  createTheme({
    palette: PALETTES[mode],
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    typography: {
      fontFamily: [
        'system-ui',
        '-apple-system',
        'BlinkMacSystemFont',
        '"Segoe UI"',
        'Roboto',
        '"Helvetica Neue"',
        'Arial',
        'sans-serif',
        '"Apple Color Emoji"',
        '"Segoe UI Emoji"',
      ].join(','),
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiCssBaseline: {
        styleOverrides: (t) => ({
          '.skip-link': {
            position: 'absolute',
            left: -9999,
            top: 8,
            zIndex: 2000,
            padding: '8px 12px',
            background: t.palette.background.paper,
            color: t.palette.primary.dark,
            borderRadius: 4,
          },
          '.skip-link:focus': { left: 8 },
          '@keyframes page-progress': { from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(0.9)' } },
          '.page-progress': { transformOrigin: 'left', animation: 'page-progress 2s ease-out forwards' },
        }),
      },
      MuiTooltip: { defaultProps: { enterDelay: 100, enterTouchDelay: 700, leaveTouchDelay: 1500 } },
      MuiSnackbar: { defaultProps: { autoHideDuration: 6000 } },
      MuiButtonBase: {
        styleOverrides: {
          // A visible focus ring for keyboard users on every button, tab, chip and menu item.
          root: ({ theme: t }) => ({
            '&.Mui-focusVisible': { outline: `3px solid ${t.palette.secondary.main}`, outlineOffset: 2 },
          }),
        },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ theme: t }) => ({ '&:focus-visible': { outline: `3px solid ${t.palette.secondary.main}`, outlineOffset: 2 } }),
        },
      },
      // A field's label and help stay readable while the field waits (disabled while saving or
      // loading): MUI greys them to text.disabled, a contrast of 2.65–2.7, under WCAG's 4.5, and axe
      // counts a label of a disabled field too. The help often says why it waits. Kept at
      // text.secondary, the label also has no colour to fade through when the field comes back.
      MuiFormLabel: {
        styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) },
      },
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) },
      },
      MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: ({ theme: t }) => ({ border: `1px solid ${t.palette.divider}` }) } },
    },
  })

export const theme = makeTheme('light')
export const darkTheme = makeTheme('dark')

export const SNACKBAR_MS = 6000
