import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

// `npm run test:resilience`: the slow suites that start real processes (a SIGKILL mid-load, a SIGTERM
// drain, a PostgreSQL outage, several instances behind nginx). One file at a time, so their timings
// are their own; each test bounds itself, and the whole run takes about two minutes.
const reportDir = process.env.TEST_REPORT_DIR

export default defineConfig({
  test: {
    include: ['test/resilience/**/*.resilience.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'resilience.json') }]] : ['default'],
  },
})
