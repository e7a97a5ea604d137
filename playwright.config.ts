import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './scripts/ensure-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Four on two cores: a story waits (for an email, a toast's seconds, the server) part of its time, and the workers
  // fill each other's waits: 820 s with two, 603 s with three (full Chromium); in Chromium's headless shell, which
  // leaves the cores a sixth idle with three, 418 s with three and 387 s with four (docs/performance/test-suite.md).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  // At least three times the longest story's usual time on a quiet two-core machine (18 s), so that a loaded
  // machine slows a story without failing it; `test.slow()` triples it for the stories that wait on email.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['./tests/reporters/playwright-time-limits.ts'],
    ['json', { outputFile: 'test-results/e2e.json' }],
  ],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace for every test (to keep the failures') cost a fifth of the stage's CPU: the browser
    // streams a screenshot at every step. A retry records one; `npx playwright test --trace on` asks for it.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  globalTeardown: './tests/e2e/global-teardown.ts',
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real built app on the real server, on a fresh database with the demo catalog.
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
    // Stopped as a person at a terminal stops it (SIGINT: no drain), so scripts/e2e-server.mjs removes its temp
    // folder, the database and its backups, once the store has exited; Playwright's default, SIGKILL, left it.
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
  },
});
