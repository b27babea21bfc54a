import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

// CI sets TEST_REPORT_DIR to collect a JSON report, from which it checks that the PostgreSQL half ran.
const reportDir = process.env.TEST_REPORT_DIR

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/pool-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one process: a fresh process per file imported
    // the app (Fastify, Kysely, both drivers) again 138 times. Every suite builds its own app and
    // database (test/support/context.ts), and the pool guard patches the driver once per process.
    isolate: false,
    maxWorkers: 2,
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'api.json') }]] : ['default'],
  },
})
