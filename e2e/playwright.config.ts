import { defineConfig } from '@playwright/test';

/**
 * Each worker has a server of its own, on its own port and fresh data folder (server.mjs), so journeys in two workers never
 * see each other's records or settings. TEST_PARALLEL_INDEX is set by Playwright in each worker, which loads this file too.
 */
const firstPort = Number(process.env.E2E_PORT ?? 8181);
const workers = Number(process.env.E2E_WORKERS ?? 2);
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: './tests',
  workers,
  // Two cores run the servers, PGlite and Chromium together, which keeps both busy: a screen can take a few seconds to
  // settle, and a journey through two browsers (a role granted, then its staff signing in) takes 20–30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // The system setting the app honours by turning antd's animations off (lib/antd-config.tsx): screens settle at
    // once, which saved ~7 % of the run's time on two cores. Animations themselves are antd's, not the app's.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // No trace: recording one for every test, to keep it on a failure, cost a quarter of the run's time on two cores
    // (the same twenty journeys: 3.8 min with it, 2.8 without). A failure still leaves its screenshot and its error
    // context (test-results/…/error-context.md: the page's accessibility tree when it failed); to see each step with the
    // page's DOM, rerun the journey with `--trace on` and open it with `npx playwright show-trace`.
    trace: 'off',
    launchOptions: {
      // Debian's Chromium: browsers are never downloaded here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node server.mjs',
    env: { E2E_PORT: String(firstPort + index) },
    url: `http://127.0.0.1:${firstPort + index}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
