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
    maxWorkers: 2,
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'api.json') }]] : ['default'],
  },
})
