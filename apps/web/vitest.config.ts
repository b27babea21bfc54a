import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { join } from 'node:path'

// CI sets TEST_REPORT_DIR to collect a JSON report for its summary.
const reportDir = process.env.TEST_REPORT_DIR

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 15_000,
    // One jsdom per worker, reused across files: the suite stays well under a minute on 2 cores.
    isolate: false,
    pool: 'threads',
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'web.json') }]] : ['default'],
  },
})
