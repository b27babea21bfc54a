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
    // In CI (REQUIRE_BROWSER) a browser test gets one retry: the suite shares two cores with the
    // server and Chromium, and a red CI for one slow frame blocks everything. A test that fails twice
    // still fails, and the CI summary names every test that needed its retry.
    retry: process.env.REQUIRE_BROWSER ? 1 : 0,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'e2e.json') }]] : ['default'],
  },
})
