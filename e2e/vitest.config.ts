import { defineConfig } from 'vitest/config'
import { join } from 'node:path'

// CI sets TEST_REPORT_DIR to collect a JSON report for its summary.
const reportDir = process.env.TEST_REPORT_DIR

export default defineConfig({
  test: {
    environment: 'node',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One server, one worker, one browser at a time: the machine's cores are shared.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'e2e.json') }]] : ['default'],
  },
})
