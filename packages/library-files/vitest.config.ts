import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

const reportDir = process.env.TEST_REPORT_DIR

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'library-files.json') }]] : ['default'],
  },
})
