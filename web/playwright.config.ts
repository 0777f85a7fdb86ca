import { defineConfig, devices } from '@playwright/test';

// The real Go binary serves the built SPA and the API; the Makefile builds it,
// provides DATABASE_URL and seeds the demo data before `npm run e2e`.
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

// Specs that only read the seeded data (and log in) run their tests in parallel; the specs
// that create, change and delete records run one after another on one worker, beside them.
const READERS = /\/(accessibility|shell|not-found|login|logout|language|application-overview)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Three workers on the 2-core machine: the flows on one, the accessibility areas on the
  // others. A worker spends much of a test waiting (page loads, networkidle, the server):
  // the run's processes used about 60 % of two cores with two workers (decision 1740).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // A flow of several screens took 28 s of a 30 s budget on the clean-clone run (load 15,
  // beside the readers' workers): the budget of a test, never a wait inside it.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // A trace is recorded only for a failed test's retry (CI retries once): recording every
    // test's trace and throwing it away cost a quarter of the run's CPU (web-150).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'nl-NL',
    // Every context of the suite, the ones a spec makes too, asks for less motion as a user
    // may: the loading placeholders stand still instead of repainting every frame in
    // software (web-180). The shell spec checks both preferences.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium in its headless build, the one Playwright itself runs for headless
      // tests: the same engine at half the CPU of the full browser's headless mode (web-200).
      // Playwright cannot download its own browser here.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // First, so one worker starts on the flows at once while the other takes the readers.
    { name: 'flows', testIgnore: READERS, workers: 1, use: { ...devices['Desktop Chrome'] } },
    { name: 'readers', testMatch: READERS, fullyParallel: true, use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    // E2E_MOCK=1 (npm run e2e:mock) runs the specs against e2e/contract-mock.mjs instead.
    command: process.env.E2E_MOCK ? 'node e2e/contract-mock.mjs' : '../bin/move serve',
    // /healthz answers as soon as the process listens; /readyz only once every read model
    // is built, before which logins fail (503 is not "ready" for Playwright).
    url: `${baseURL}/readyz`,
    // The local payment provider serves checkouts inside the server (decision 0903).
    env: {
      PAYMENT_PROVIDER_URL: 'local',
      PUSH_SERVICE_URL: 'local',
      // The local app build service builds in seconds (decision 1201).
      APP_BUILD_SERVICE_URL: 'local',
      APP_BUILD_LOCAL_DELAY: '3s',
      PUBLIC_URL: baseURL,
      ...(process.env as Record<string, string>),
      HTTP_ADDR: `127.0.0.1:${port}`,
    },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
