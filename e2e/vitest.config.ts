import { defineConfig } from 'vitest/config'
import { join } from 'node:path'

// CI sets TEST_REPORT_DIR to collect a JSON report for its summary.
const reportDir = process.env.TEST_REPORT_DIR
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || 2)

export default defineConfig({
  test: {
    environment: 'node',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Two spec files at a time by default, each worker with its own server, database and browser
    // (support/global-setup.ts). One journey at a time leaves a core idle: much of it is waiting
    // (network idle, transitions, polling), and the runner, the browser and the server take turns.
    // E2E_WORKERS=1 runs one file at a time on one server.
    pool: 'forks',
    // A worker runs its spec files one after another in one process, with one chromium and one warm
    // browser context (support/fixtures.ts): a fresh process, browser and cold context per file cost
    // chromium's start and the app's first load again 47 times. Each file still builds its own data.
    isolate: false,
    maxWorkers: workers,
    fileParallelism: workers > 1,
    testTimeout: 90_000,
    // expect.poll waits 1 s by default: too little for a page that refetches on a busy two-core
    // machine (a flake in CI on 2026-11-24, browse-url's reload case). A poll that never comes true
    // still fails, after 10 s.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // In CI (REQUIRE_BROWSER) a browser test gets one retry: the suite shares two cores with the
    // server and Chromium, and a red CI for one slow frame blocks everything. A test that fails twice
    // still fails, and the CI summary names every test that needed its retry.
    retry: process.env.REQUIRE_BROWSER ? 1 : 0,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: reportDir ? ['default', ['json', { outputFile: join(reportDir, 'e2e.json') }]] : ['default'],
  },
})
