import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
// Each run starts from an empty data folder, so the server seeds a fresh demo shop. (The folder is
// emptied by the server command, not here: this file is also loaded by every test worker.)
const dataDir = path.resolve(`tests/.tmp/e2e-data-${port}`)

// Debian's Chromium, never a downloaded browser: its old headless shell (package
// chromium-headless-shell), which Playwright itself uses for headless runs and which loads a page
// about a third faster than the full browser on this machine's two cores. The flags keep it off
// the network it cannot reach.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // No GPU here: draw in software without the GPU process's emulated GL (about a quarter of
    // the CPU a test run used went to two SwiftShader GPU processes).
    '--disable-gpu-compositing',
    '--disable-software-rasterizer',
  ],
}

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.test.ts',
  // One sign-in per demo role for the whole run (after the web server is up).
  globalSetup: './tests/e2e-global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test is a bug to fix, never a retry to live with.
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Long journeys (sign-in, several pages, the mail outbox) on two shared cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace (a screencast and a DOM snapshot of every step) costs about 40 % of a
    // run's time on two cores, so CI runs without it and keeps a screenshot of a failure; set
    // E2E_TRACE=on to record traces there too. Local runs keep the trace of a failed test.
    trace: process.env.E2E_TRACE === 'on' || !process.env.CI ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: '**/*.mobile.test.ts',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'phone',
      testMatch: '**/*.mobile.test.ts',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
  ],
  webServer: {
    // The production build, as a customer would get it.
    command: `rm -rf '${dataDir}' && node ./server.js`,
    url: `http://localhost:${port}/readyz`,
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // Many sign-ups come from one address in a test run; production keeps the real limits.
      AUTH_RATE_LIMIT_MAX: '500',
      // Each test is a client of its own (tests/playwright-utils.ts sends X-Forwarded-For), as real
      // customers are: the per-address limits (a guest's checkouts per minute, the stock guests
      // may hold) then count one test's checkouts, not every test running at the same moment.
      TRUST_PROXY: 'loopback',
      MARKETPLACE_URL: `http://localhost:${port}/test-marketplace`,
    },
  },
})
