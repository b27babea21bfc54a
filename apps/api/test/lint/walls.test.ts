import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

// Each wall of eslint.config.js (decision 0016) fails on an import it forbids and lets the allowed
// one beside it through; so does the cycle rule. Run through ESLint's own API on the project's config.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const eslint = new ESLint({ cwd: ROOT })

/**
 * The walls' findings (rule: message) of `code` linted as the file at `filePath`. (Most forbidden
 * imports below would also close a cycle with the real file, which the cycle rule reports too.)
 */
async function findings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId?.startsWith('walls/')).map((m) => `${m.ruleId}: ${m.message}`)
}

/** The walls that fail on `code` at `filePath`, in line order. */
const wallsFailing = async (filePath: string, code: string) => (await findings(filePath, code)).map((f) => f.slice(0, f.indexOf(':')))

/** Lines re-exporting each specifier: an import the wall judges, with nothing left unused. */
const reexports = (...specifiers: string[]) => specifiers.map((s, i) => `export { x as x${i} } from '${s}'\n`).join('')

describe('the import walls', () => {
  it.each([
    // [wall, file, forbidden import, allowed import]
    ['module-reach', 'apps/api/src/modules/shelves/shelves.service.ts', '#/modules/books/books.repository.ts', '#/modules/books/books.service.ts'],
    ['module-reach', 'apps/api/src/modules/shelves/shelves.service.ts', '../books/books.repository.ts', '#/modules/shelves/shelves.repository.ts'],
    ['module-below-app', 'apps/api/src/modules/users/users.service.ts', '#/app.ts', '#/errors.ts'],
    ['module-below-app', 'apps/api/src/modules/users/users.service.ts', '#/services.ts', '#/security/actor.ts'],
    ['module-below-app', 'apps/api/src/modules/auth/auth.routes.ts', '#/plugins/auth.ts', '#/http-cache.ts'],
    ['routes-no-repository', 'apps/api/src/modules/users/users.routes.ts', '#/modules/users/users.repository.ts', '#/modules/users/users.service.ts'],
    ['plugin-reach', 'apps/api/src/plugins/auth.ts', '#/modules/auth/auth.repository.ts', '#/modules/auth/auth.service.ts'],
    ['db-below-modules', 'apps/api/src/db/portable.ts', '#/modules/books/books.service.ts', '#/db/schema.ts'],
    ['migrations-apart', 'apps/api/src/db/portable.ts', '#/db/migrations/2026_11_25_0200_books_name_keys.ts', '#/db/name-keys.ts'],
    ['migrations-apart', 'apps/api/src/public.ts', '#/db/migrations/2026_11_23_0900_search_by_popularity.ts', '#/db/search-rebuild.ts'],
    ['migrations-apart', 'apps/api/src/db/seed/demo.ts', '../migrations/index.ts', '../migrate.ts'],
    ['feature-reach', 'apps/web/src/features/books/components/x.tsx', '#/features/users/components/person-field.tsx', '#/features/books/api/get-book.ts'],
    ['shared-web', 'apps/web/src/lib/api-client.ts', '#/shell/early.ts', '#/lib/early-answers.ts'],
    ['shared-web', 'apps/web/src/components/chrome/top-bar.tsx', '#/app/route-handle.ts', '#/lib/route-handle.ts'],
    ['shared-web', 'apps/web/src/lib/x.ts', '#/features/books/api/get-book.ts', '#/config/paths.ts'],
    ['web-not-api', 'apps/web/src/lib/api-client.ts', '@shelfwise/api/src/public.ts', '@shelfwise/contracts'],
    ['web-not-api', 'apps/web/src/lib/format.test.ts', '../../../api/src/app.ts', '#/lib/format.ts'],
    ['web-not-api', 'apps/web/vite.config.ts', '../api/src/config.ts', './src/shell/render.tsx'],
    ['contracts', 'packages/contracts/src/books.ts', '@shelfwise/api', 'zod'],
    ['library-files', 'packages/library-files/src/csv.ts', '@shelfwise/web', '@shelfwise/contracts'],
    ['browser-suite', 'e2e/specs/home.spec.ts', '../../apps/web/src/lib/format.ts', '@shelfwise/library-files'],
    ['tools-public-entry', 'bench/src/generate.ts', '../../apps/api/src/db/connect.ts', '../../apps/api/src/public.ts'],
  ])('%s: %s may not import %s, may import %s', async (wall, file, forbidden, allowed) => {
    const [finding, ...more] = await findings(file, reexports(forbidden))
    expect(more).toEqual([])
    expect(finding).toMatch(new RegExp(`^walls/${wall}: '${forbidden.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' import is restricted\\. .+`))
    expect(await findings(file, reexports(allowed))).toEqual([])
  })

  it('reads every form of import: import, export from, import(), typeof import()', async () => {
    const code = [
      `import { buildApp } from '#/app.ts'`,
      `import type { FastifyInstance } from '#/app.ts'`,
      `export * from '#/app.ts'`,
      `export const later = () => import('#/app.ts')`,
      'export const later2 = () => import(`#/app.ts`)',
      `export type App = typeof import('#/app.ts')`,
      `export const b = [buildApp] as unknown as FastifyInstance`,
    ].join('\n')
    expect(await wallsFailing('apps/api/src/modules/users/users.service.ts', code)).toEqual(Array(6).fill('walls/module-below-app'))
  })

  it('holds every wall over a file at once, none replacing another', async () => {
    const code = reexports('#/modules/books/books.repository.ts', '#/plugins/auth.ts', '#/modules/users/users.repository.ts', '#/db/migrations/index.ts')
    expect((await wallsFailing('apps/api/src/modules/users/users.routes.ts', code)).sort()).toEqual([
      'walls/migrations-apart',
      'walls/module-below-app',
      'walls/module-reach',
      'walls/routes-no-repository',
      'walls/routes-no-repository',
    ])
  })
})

describe('no import cycles', () => {
  // The cycle rule reads the files imported from disk: a small tree of its own, linted with the
  // project's config (its globs are read from the working directory).
  const tree = mkdtempSync(join(tmpdir(), 'shelfwise-walls-'))
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true })
    writeFileSync(join(tree, path), text)
  }
  write('apps/api/package.json', JSON.stringify({ name: '@shelfwise/api', type: 'module', imports: { '#/*': './src/*' } }))
  write('packages/contracts/package.json', JSON.stringify({ name: '@shelfwise/contracts', type: 'module', exports: { '.': './src/index.ts' } }))
  mkdirSync(join(tree, 'node_modules/@shelfwise'), { recursive: true })
  symlinkSync(join(tree, 'packages/contracts'), join(tree, 'node_modules/@shelfwise/contracts'), 'dir')
  const inTree = new ESLint({ cwd: tree, overrideConfigFile: join(ROOT, 'eslint.config.js') })
  const cycleFindings = async (path: string) => {
    const [result] = await inTree.lintFiles([path])
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`)
  }
  afterAll(() => rmSync(tree, { recursive: true, force: true }))

  it('fails on two files importing each other, through the #/ alias', async () => {
    write('apps/api/src/db/a.ts', `import { b } from '#/db/b.ts'\nexport const a = (): number => b() + 1\n`)
    write('apps/api/src/db/b.ts', `import { a } from './a.ts'\nexport const b = (): number => a() - 1\n`)
    expect(await cycleFindings('apps/api/src/db/a.ts')).toEqual(['import-x/no-cycle: Dependency cycle detected'])
  })

  it('fails on a longer loop through a workspace package, and on one closed by import()', async () => {
    write('apps/api/src/c.ts', `import { d } from '@shelfwise/contracts'\nexport const c = (): number => d()\n`)
    write('packages/contracts/src/index.ts', `import { e } from './e.ts'\nexport const d = (): number => e()\n`)
    write('packages/contracts/src/e.ts', `export const e = (): number => 1\nexport const later = () => import('../../../apps/api/src/c.ts')\n`)
    expect(await cycleFindings('apps/api/src/c.ts')).toEqual(['import-x/no-cycle: Dependency cycle via "./e.ts:1"'])
  })

  it('lets a loop closed only by types through, and a file importing what never leads back', async () => {
    write('apps/api/src/db/f.ts', `import type { G } from './g.ts'\nexport type F = { g?: G }\nexport const f = 1\n`)
    write('apps/api/src/db/g.ts', `import { f } from './f.ts'\nexport type G = number\nexport const g = f + 1\n`)
    write('apps/api/src/db/h.ts', `import { g } from './g.ts'\nexport const h = g + 1\n`)
    expect(await cycleFindings('apps/api/src/db/g.ts')).toEqual([])
    expect(await cycleFindings('apps/api/src/db/h.ts')).toEqual([])
  })
})
