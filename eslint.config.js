// Lint with walls (decision 0016): typescript-eslint's recommended rules everywhere, React's hook rules
// and jsx-a11y in the web app, and the import walls that keep the layers apart. A wall is a regular
// expression over the imports a group of files may not write; its message says which way to go instead.
import { readdirSync } from 'node:fs'
import { defineConfig } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'

/** The folders under `dir`: every module and feature gets its wall, new ones included. */
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
const API_MODULES = folders('./apps/api/src/modules/')
const WEB_FEATURES = folders('./apps/web/src/features/')

/**
 * Walls read an import as written, so inside a walled folder an import that climbs (`../`) goes
 * through the `#/` alias instead, where the wall can see which module or feature it reaches.
 */
const CLIMB = String.raw`(^|/)\.\.(/|$)`

/**
 * `import()` and `typeof import()` (which no-restricted-imports does not read) under the same wall as
 * `import` and `export ... from`: the wall's options, `{ regex, message }`.
 */
const dynamicImportWall = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { regex: { type: 'string' }, message: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const { regex, message } = context.options[0]
    const forbidden = new RegExp(regex, 'u')
    const check = (node, source) => {
      if (typeof source === 'string' && forbidden.test(source)) context.report({ node, message: `'${source}' import is restricted. ${message}` })
    }
    const text = (node) =>
      node?.type === 'Literal' ? node.value : node?.type === 'TemplateLiteral' && node.expressions.length === 0 ? node.quasis[0].value.cooked : undefined
    return {
      ImportExpression: (node) => check(node, text(node.source)),
      TSImportType: (node) => check(node, text(node.source ?? node.argument?.literal)),
    }
  },
}

/** A wall: files matching `files` (tests aside) may not import what `forbidden` matches. */
const wall = (files, forbidden, message) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: forbidden, caseSensitive: true, message }] }],
    'walls/dynamic-import': ['error', { regex: forbidden, message }],
  },
})

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/out/**',
      'bench/out/**',
      'bench/data/**',
      'apps/web/public/**',
      // Frozen once merged: their history is what ran, not what we would write today.
      'apps/api/src/db/migrations/2026_*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    // A disable comment that no longer disables anything fails the lint instead of lingering.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { walls: { rules: { 'dynamic-import': dynamicImportWall } } },
    rules: {
      // `_`-prefixed names are deliberately unused (a field left out of a spread, a parameter a signature needs).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Kysely's own types use `any` for dialect-agnostic databases (Kysely<any> in migrations and helpers).
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // MUI components (a dialog's Cancel, the bio being edited) take focus as the APG's dialog pattern asks;
      // plain elements still may not.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // The React Compiler's rules (react-hooks 7) judge code written for the compiler, which this app does not use.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-render': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/purity': 'off',
      'react-hooks/static-components': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },

  // ---- The API's walls ---------------------------------------------------------------------------
  // A module reaches another module only through its service (types included: a type another module
  // needs is exported by its service or lives in packages/contracts).
  ...API_MODULES.map((m) =>
    wall(
      [`apps/api/src/modules/${m}/**/*.ts`],
      String.raw`^#/modules/(?!${m}/)[^/]+/(?![^/]+\.service\.ts$)|${CLIMB}`,
      'Reach another module through its service (#/modules/<name>/<name>.service.ts), never its repository or internals.',
    ),
  ),
  // Plugins (the auth guard, limits, serialisers) use no module's repository or routes.
  wall(
    ['apps/api/src/plugins/**/*.ts'],
    String.raw`^#/modules/[^/]+/[^/]+\.(repository|routes)\.ts$|${CLIMB}`,
    "A plugin asks a service (#/modules/<name>/<name>.service.ts), never a module's repository or routes.",
  ),
  // The database layer and the seed know no module.
  wall(
    ['apps/api/src/db/**/*.ts'],
    String.raw`^#/modules/|^(\.\./)+modules/`,
    'The database layer and the seed use no module: move what they share to src/security/ or src/db/.',
  ),

  // ---- The web app's walls -----------------------------------------------------------------------
  // A feature imports no other feature and nothing of app/ (screens compose features, not the reverse).
  ...WEB_FEATURES.map((f) =>
    wall(
      [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
      String.raw`^#/features/(?!${f}/)|^#/app/|${CLIMB}`,
      'A feature imports neither another feature nor app/ (and climbs with #/, not ../): pass what it needs in from the screen (app/routes).',
    ),
  ),
  // Shared code (lib, components, config, theme) imports no feature and no screen.
  wall(
    ['apps/web/src/{lib,components,config,theme}/**/*.{ts,tsx}'],
    String.raw`^#/(features|app/routes)/|^(\.\./)+(features|app/routes)/`,
    'Shared code imports no feature or screen: move what it needs down into lib/ or components/.',
  ),

  // ---- The shared contracts ----------------------------------------------------------------------
  // Both apps import the contracts; the contracts import neither app (nor anything outside their package).
  wall(
    ['packages/contracts/src/**/*.ts'],
    String.raw`^@shelfwise/(api|web)(/|$)|${CLIMB}`,
    'The contracts import nothing from the apps: what both sides need lives here, in packages/contracts.',
  ),
  // The library-file rules (decision 0025) import the contracts at most: no app, no tool, no other package.
  wall(
    ['packages/library-files/src/**/*.ts'],
    String.raw`^@shelfwise/(?!contracts$)|${CLIMB}`,
    'The library-file rules import nothing but the contracts: what the server, the web app, the tests and the bench share about these files lives here.',
  ),

  // ---- The browser suite -------------------------------------------------------------------------
  // It drives the built app as a reader would: it shares the library-file rules, never the apps' code.
  wall(
    ['e2e/**/*.ts'],
    String.raw`(^|/)apps/|^@shelfwise/(api|web)(/|$)`,
    'The browser suite imports no app code: what it shares with the apps about export files is in @shelfwise/library-files.',
  ),

  // ---- Tools beside the API ----------------------------------------------------------------------
  wall(
    ['bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    String.raw`(^|/)apps/api/src/(?!public\.ts$)|^@shelfwise/api/(?!src/public\.ts$)`,
    'Tools reach the API through its public entry, apps/api/src/public.ts (add what you need there).',
  ),
)
