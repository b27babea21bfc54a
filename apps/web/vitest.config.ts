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
    // 45 s: in CI's clean runs after issue 24's merge the add-book form's tests took 10-16 s each
    // (2-5 s alone on a quiet machine); why the shared jsdom slows them is open (issue 26's note).
    testTimeout: 45_000,
    // One jsdom per worker, reused across files.
    isolate: false,
    pool: 'threads',
    // Two workers, named: Vitest's default is one fewer than the cores, so on CI's two cores the suite
    // ran on one (139 s, 133 s of CPU); with two it takes 70 s (120 s of CPU) on the same machine.
    maxWorkers: 2,
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'web.json') }]] : ['default'],
  },
})
