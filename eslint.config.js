// Lint with walls (decision 0016): typescript-eslint's recommended rules everywhere, React's hook rules
// and jsx-a11y in the web app, no import cycles, and the import walls that keep the layers apart. A
// wall is a regular expression over the imports a group of files may not write; its message says
// which way to go instead. apps/api/test/lint/walls.test.ts shows each wall failing on an import.
import { readdirSync } from 'node:fs'
import { defineConfig } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import globals from 'globals'

const TESTS = ['**/*.test.ts', '**/*.test.tsx']

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
 * The rule behind every wall: `import`, `export ... from`, `import()` and `typeof import()` whose
 * specifier `regex` matches are errors. No wall has exceptions: an import a wall forbids is moved
 * (decision 0016 lists the ones that were), not excused.
 */
const wallRule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          regex: { type: 'string' },
          message: { type: 'string' },
        },
        required: ['regex', 'message'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { regex, message } = context.options[0]
    const forbidden = new RegExp(regex, 'u')
    const check = (node, source) => {
      if (typeof source === 'string' && forbidden.test(source)) context.report({ node, message: `'${source}' import is restricted. ${message}` })
    }
    const text = (node) =>
      node?.type === 'Literal' ? node.value : node?.type === 'TemplateLiteral' && node.expressions.length === 0 ? node.quasis[0].value.cooked : undefined
    const fromSource = (node) => check(node, node.source?.value)
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node, text(node.source)),
      TSImportType: (node) => check(node, text(node.source ?? node.argument?.literal)),
      TSExternalModuleReference: (node) => check(node, text(node.expression)),
    }
  },
}

/**
 * The walls, each a rule of its own (`walls/<name>`). ESLint merges config objects rule by rule and
 * a later object's options for a rule replace an earlier one's, so two walls under one rule name
 * over the same file would leave only the last: a name is shared only by walls over disjoint files
 * (one per module, one per feature).
 */
const WALLS = [
  // ---- The API -----------------------------------------------------------------------------------
  // A module reaches another module only through its service (types included: a type another module
  // needs is exported by its service or lives in packages/contracts).
  ...API_MODULES.map((m) => ({
    name: 'module-reach',
    files: [`apps/api/src/modules/${m}/**/*.ts`],
    forbidden: String.raw`^#/modules/(?!${m}/)[^/]+/(?![^/]+\.service\.ts$)|${CLIMB}`,
    message: 'Reach another module through its service (#/modules/<name>/<name>.service.ts), never its repository or internals.',
  })),
  // The app, the service wiring and the plugins import the modules, never the reverse.
  {
    name: 'module-below-app',
    files: ['apps/api/src/modules/**/*.ts'],
    forbidden: String.raw`^#/(app|server|services|reader-data-doors)\.ts$|^#/plugins/`,
    message:
      'A module imports neither the app (app.ts, server.ts), nor the service wiring (services.ts, reader-data-doors.ts), nor a plugin: they import the modules. What a module shares with them lives in src/ beside them (http-cache.ts, errors.ts, security/).',
  },
  // A routes file calls its own module's service and nothing deeper.
  {
    name: 'routes-no-repository',
    files: ['apps/api/src/modules/**/*.routes.ts'],
    forbidden: String.raw`\.repository\.ts$`,
    message: "A routes file calls its own module's service, never a repository (its own included): the service hands out what the routes need.",
  },
  // Plugins (the auth guard, limits, errors, compression) use no module's repository or routes.
  {
    name: 'plugin-reach',
    files: ['apps/api/src/plugins/**/*.ts'],
    forbidden: String.raw`^#/modules/[^/]+/[^/]+\.(repository|routes)\.ts$|${CLIMB}`,
    message: "A plugin asks a service (#/modules/<name>/<name>.service.ts), never a module's repository or routes.",
  },
  // The database layer and the seed know no module.
  {
    name: 'db-below-modules',
    files: ['apps/api/src/db/**/*.ts'],
    forbidden: String.raw`^#/modules/|^(\.\./)+modules/`,
    message: 'The database layer and the seed use no module: move what they share to src/security/ or src/db/.',
  },
  // Migrations are frozen as they ran; only the migrator reads them.
  {
    name: 'migrations-apart',
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/migrations/**', 'apps/api/src/db/migrate.ts'],
    forbidden: String.raw`(^|/)migrations/`,
    message:
      'Running code never imports a migration (frozen as it ran; only db/migrate.ts reads the list): what it needs of one has its own copy in src/db/, like name-keys.ts and search-rebuild.ts.',
  },

  // ---- The web app -------------------------------------------------------------------------------
  // A feature imports no other feature and nothing of app/ (screens compose features, not the reverse).
  ...WEB_FEATURES.map((f) => ({
    name: 'feature-reach',
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    forbidden: String.raw`^#/features/(?!${f}/)|^#/app/|${CLIMB}`,
    message: 'A feature imports neither another feature nor app/ (and climbs with #/, not ../): pass what it needs in from the screen (app/routes).',
  })),
  // Shared code (lib, components, config, theme) imports no feature, nothing of app/ and nothing of shell/.
  {
    name: 'shared-web',
    files: ['apps/web/src/{lib,components,config,theme}/**/*.{ts,tsx}'],
    forbidden: String.raw`^#/(features|app|shell)/|^(\.\./)+(features|app|shell)/`,
    message: 'Shared code imports no feature and nothing of app/ or shell/: move what it needs down into lib/ or components/.',
  },
  // The web app talks to the API over HTTP: what both sides share is in the contracts. Tests too.
  {
    name: 'web-not-api',
    files: ['apps/web/**/*.{ts,tsx}'],
    tests: true,
    forbidden: String.raw`^@shelfwise/api(/|$)|(^|/)apps/api(/|$)|^(\.\./)+api/src(/|$)`,
    message: 'The web app imports nothing of the API: what both sides share lives in packages/contracts (or packages/library-files).',
  },

  // ---- The shared packages -----------------------------------------------------------------------
  // Both apps import the contracts; the contracts import neither app (nor anything outside their package).
  {
    name: 'contracts',
    files: ['packages/contracts/src/**/*.ts'],
    forbidden: String.raw`^@shelfwise/(api|web)(/|$)|${CLIMB}`,
    message: 'The contracts import nothing from the apps: what both sides need lives here, in packages/contracts.',
  },
  // The library-file rules (decision 0025) import the contracts at most: no app, no tool, no other package.
  {
    name: 'library-files',
    files: ['packages/library-files/src/**/*.ts'],
    forbidden: String.raw`^@shelfwise/(?!contracts$)|${CLIMB}`,
    message:
      'The library-file rules import nothing but the contracts: what the server, the web app, the tests and the bench share about these files lives here.',
  },

  // ---- The browser suite -------------------------------------------------------------------------
  // It drives the built app as a reader would: it shares the library-file rules, never the apps' code.
  {
    name: 'browser-suite',
    files: ['e2e/**/*.ts'],
    forbidden: String.raw`(^|/)apps/|^@shelfwise/(api|web)(/|$)`,
    message: 'The browser suite imports no app code: what it shares with the apps about export files is in @shelfwise/library-files.',
  },

  // ---- Tools beside the API ----------------------------------------------------------------------
  {
    name: 'tools-public-entry',
    files: ['bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    forbidden: String.raw`(^|/)apps/api/src/(?!public\.ts$)|^@shelfwise/api/(?!src/public\.ts$)`,
    message: 'Tools reach the API through its public entry, apps/api/src/public.ts (add what you need there).',
  },
]

/** Each wall's config object: its files (tests aside unless it says `tests`) and its one rule. */
const wallConfig = ({ name, files, ignores = [], tests = false, forbidden, message }) => ({
  files,
  ignores: tests ? ignores : [...ignores, ...TESTS],
  rules: { [`walls/${name}`]: ['error', { regex: forbidden, message }] },
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
    plugins: { walls: { rules: Object.fromEntries(WALLS.map((w) => [w.name, wallRule])) }, 'import-x': importX },
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

  // No import cycles, types aside: a module never waits on one that waits on it. Specifiers resolve as
  // Node resolves them (the `#/` package imports, the workspaces' exports). Packages from outside are
  // not followed; the workspaces (@shelfwise/*) are, though they lie outside the importing package.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: TESTS,
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/internal-regex': '^@shelfwise/',
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'default'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  ...WALLS.map(wallConfig),
)
