import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { defineConfig, runnerImport, type Plugin, type Rollup } from 'vite'
import react from '@vitejs/plugin-react'
import { SHELL_ROUTES } from './src/shell/routes.ts'
import { SHELL_SCREENS } from './src/shell/screens.ts'
import { PAGE_BACKGROUND } from './src/theme/theme-colors.ts'
import { THEME_SCRIPT } from '@shelfwise/contracts/theme-script'

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

/**
 * MUI's ButtonBase draws its press ripple with TouchRipple (and react-transition-group), which no
 * first render runs: in production builds ButtonBase gets src/theme/lazy-touch-ripple.ts instead,
 * which loads the real one when the first ripple is due. The build fails if a new MUI version moves
 * the import, rather than silently shipping it in the first screen's code again.
 */
function lazyTouchRipple(): Plugin {
  const REAL = 'shelfwise:mui-touch-ripple'
  const stub = fileURLToPath(new URL('./src/theme/lazy-touch-ripple.ts', import.meta.url))
  let realFile: string | undefined
  return {
    name: 'shelfwise:lazy-touch-ripple',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === REAL) return realFile ?? this.error('shelfwise:lazy-touch-ripple: ButtonBase was not seen before its ripple was asked for')
      if (source !== './TouchRipple.js' || !importer || !/[\\/]@mui[\\/]material[\\/]esm[\\/]ButtonBase[\\/]ButtonBase\.js$/.test(importer)) return null
      realFile = (await this.resolve(source, importer, { skipSelf: true }))?.id
      return stub
    },
    buildEnd(err) {
      if (!err && !realFile) this.error('@mui/material/esm/ButtonBase/ButtonBase.js no longer imports ./TouchRipple.js: update shelfwise:lazy-touch-ripple')
    },
  }
}

/**
 * No flash of the wrong scheme: index.html's head gets the one inline script (the contracts'
 * THEME_SCRIPT, which the API's Content-Security-Policy allows by its hash) that marks the reader's
 * scheme on <html> before the first paint, and the page background of each scheme for that paint.
 */
function firstPaintTheme(): Plugin {
  return {
    name: 'shelfwise:first-paint-theme',
    transformIndexHtml: () => [
      { tag: 'script', children: THEME_SCRIPT, injectTo: 'head' },
      { tag: 'style', children: `html{background:${PAGE_BACKGROUND.light}}html[data-theme=dark]{background:${PAGE_BACKGROUND.dark}}`, injectTo: 'head' },
    ],
  }
}

const ROOT = fileURLToPath(new URL('.', import.meta.url))
const BOOT = fileURLToPath(new URL('./src/boot.ts', import.meta.url))
/** The boot script and the modules only it imports: kept out of the app's entry chunk. */
const BOOT_ONLY = /[\\/]src[\\/](boot\.ts|shell[\\/](routes|book-view)\.ts)$/

/**
 * The shell (docs/decisions/0007-web-first-load.md): the app's first view, rendered at build time
 * by the app's own components (src/shell/render.tsx) into one small HTML file beside the assets —
 * the rules those views use, the frame (top bar, bottom navigation) and each shell screen's view
 * before its data arrives, each in a <template>. index.html preloads it and loads the boot script
 * (src/boot.ts, an entry of its own) before the app's entry; the boot script puts the right view in
 * place and preloads the chunks index.html lists for its screen. React replaces the shell on its
 * first render, which draws the same thing. (The views are not written into index.html itself: the
 * server sends the page at every app address uncompressed, and every byte there delays the first
 * paint; nor into the boot script, so that they are neither JavaScript to parse nor counted as it.)
 */
function shell(): Plugin {
  let shellFile = ''
  return {
    name: 'shelfwise:shell',
    apply: 'build',
    async buildStart() {
      const { module } = await runnerImport<typeof import('./src/shell/render.tsx')>(fileURLToPath(new URL('./src/shell/render.tsx', import.meta.url)), {
        configFile: false,
        root: ROOT,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react()],
      })
      const source = module.shellDocument(module.renderShell())
      shellFile = `assets/shell-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.html`
      this.emitFile({ type: 'asset', fileName: shellFile, source })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
        const chunkOf = (file: string) => chunks.find((c) => c.facadeModuleId === fileURLToPath(new URL(file, import.meta.url)))
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId !== BOOT)
        const boot = chunkOf('./src/boot.ts')
        if (!entry || !boot || !shellFile) return this.error('shelfwise:shell: the entry or boot chunk or the shell is missing')
        // The boot script draws the first view before any of the app's code has come: a module it
        // shared with the app would become an import of the app's chunks, and the first paint would wait.
        if (boot.imports.length || boot.dynamicImports.length)
          return this.error(
            `shelfwise:shell: the boot script imports ${[...boot.imports, ...boot.dynamicImports].join(', ')}: it must share no module with the app`,
          )
        /** The chunk and what it imports statically. */
        const closure = (c: Rollup.OutputChunk, seen = new Set<string>()): Set<string> => {
          if (seen.has(c.fileName)) return seen
          seen.add(c.fileName)
          for (const f of c.imports)
            closure(
              chunks.find((x) => x.fileName === f)!,
              seen,
            )
          return seen
        }
        const loaded = closure(entry)
        const screens: Record<string, string[]> = {}
        for (const r of SHELL_ROUTES) {
          const module = SHELL_SCREENS[r.id]?.module
          const page = module && chunkOf(`./${module}`)
          if (!page) return this.error(`shelfwise:shell: no chunk for the ${r.id} screen`)
          // The screen's chunks; the entry's load anyway. (Its first answers are checked in the contracts
          // worker, which loads the schemas itself: decision 0072.)
          screens[r.id] = [...closure(page)].filter((f) => !loaded.has(f)).map((f) => `/${f}`)
        }
        // The boot script loads the entry (first) and its imports once the first view is drawn:
        // index.html neither runs nor preloads them itself.
        const plan = { entry: [...loaded].map((f) => `/${f}`), screens }
        const tags = [
          `<link rel="preload" href="/${shellFile}" as="fetch" crossorigin id="shelfwise-shell">`,
          `<script type="application/json" id="shelfwise-load">${JSON.stringify(plan)}</script>`,
          `<script type="module" crossorigin src="/${boot.fileName}"></script>`,
        ]
        const entryTag = new RegExp(`(\\s*)<script type="module" crossorigin src="/${entry.fileName}"></script>`)
        const preloads = /\s*<link rel="modulepreload"[^>]*>/g
        if (!entryTag.test(html)) return this.error(`shelfwise:shell: no <script> for ${entry.fileName} in index.html`)
        const out = html.replace(preloads, '').replace(entryTag, (_, space: string) => `${space}${tags.join(space)}`)
        return out
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), firstPaintTheme(), muiWithoutCssVariables(), lazyTouchRipple(), shell()],
  resolve: {
    alias: [
      // MUI only calls `styled(tag, options)`: Emotion's base entry is that function, without the
      // `styled.div`-style shortcut for every HTML tag that the main entry adds.
      { find: /^@emotion\/styled$/, replacement: '@emotion/styled/base' },
    ],
  },
  // The contracts worker (src/lib/checks/contracts-worker.ts) is a module worker: one ES file.
  worker: { format: 'es' },
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
      // The boot script is an entry of its own: index.html loads it beside the app's (see shell()).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: BOOT },
      output: {
        // Chunks are named by their hash alone: the entry carries a preload table naming every chunk
        // of the app, which every first visit downloads; their names made it ~1 KB bigger (decision
        // 0007). dist/.vite/manifest.json maps each source file to its chunk.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // Everything the entry imports statically loads on every first visit anyway: one chunk
          // compresses better than the handful of shared chunks the automatic split makes of it.
          // The boot script stays apart: it must not wait for the app's code.
          groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !BOOT_ONLY.test(id) }],
        },
      },
      treeshake: {
        // The contracts package only declares schemas and constants: importing a constant must not
        // pull zod and every schema into the first screen's code. hoist-non-react-statics and
        // react-is are CommonJS without side effects: Emotion imports them for `withTheme`, which
        // nothing uses.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]|[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id),
      },
    },
  },
})
