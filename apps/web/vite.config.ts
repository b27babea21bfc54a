import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const api = process.env.SHELFWISE_API ?? 'http://localhost:3000'

/**
 * The theme (src/theme/theme.ts) is a plain MUI theme, without CSS variables or colour schemes, so
 * MUI's CSS-variables machinery is never called; yet every MUI component reaches it through the
 * default theme and `ThemeProvider`. In production builds these two modules become stubs that throw
 * if they are ever called (about 7 KB gzipped off the first load). Tests and `vite dev` keep the
 * real modules, and src/theme/theme.test.ts checks that the theme stays one that needs neither.
 * The build fails if a new MUI version moves them, rather than silently shipping them again.
 */
function muiWithoutCssVariables(): Plugin {
  const stubs: Record<string, string> = {
    'createThemeWithVars.js': [
      'const fail = () => { throw new Error("Shelfwise builds MUI without CSS-variables themes (vite.config.ts)") }',
      'export const createGetCssVar = fail',
      'export default fail',
    ].join('\n'),
    'ThemeProviderWithVars.js': [
      'const fail = () => { throw new Error("Shelfwise builds MUI without CSS-variables themes (vite.config.ts)") }',
      'export const CssVarsProvider = fail, useColorScheme = fail, getInitColorSchemeScript = fail, Experimental_CssVarsProvider = fail',
    ].join('\n'),
  }
  const stubbed = new Set<string>()
  return {
    name: 'shelfwise:mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const m = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]([\w.]+)$/.exec(id)
      const stub = m && stubs[m[1]!]
      if (!stub) return null
      stubbed.add(m[1]!)
      return stub
    },
    buildEnd(err) {
      const missing = Object.keys(stubs).filter((f) => !stubbed.has(f))
      if (!err && missing.length) this.error(`@mui/material/esm/styles/{${missing.join(',')}} not found: update shelfwise:mui-without-css-variables`)
    },
  }
}

export default defineConfig(({ command }) => ({
  plugins: [react(), muiWithoutCssVariables()],
  resolve: {
    alias: [
      // MUI only calls `styled(tag, options)`: Emotion's base entry is that function, without the
      // `styled.div`-style shortcut for every HTML tag that the main entry adds.
      { find: /^@emotion\/styled$/, replacement: '@emotion/styled/base' },
      // React Router's package exports point at its development build (dev warnings, the 'Hey
      // developer' hint under the default error screen) under every condition; builds take the
      // production build it ships beside it ('Unexpected Application Error!' stays).
      ...command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) }]
        : [],
    ],
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser of Vite's default target (baseline widely available) supports modulepreload.
    modulePreload: { polyfill: false },
    // Prints each chunk with its gzipped size.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every first visit anyway: one chunk
          // compresses better than the handful of shared chunks the automatic split makes of it.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // The contracts package only declares schemas and constants: importing a constant must not
        // pull zod and every schema into the first screen's code. hoist-non-react-statics and
        // react-is are CommonJS without side effects: Emotion imports them for `withTheme`, which
        // nothing uses.
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]contracts[\\/]|[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id),
      },
    },
  },
}))
