import { expect, test as base, type BrowserContext, type Locator, type Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';

export const SUPERADMIN_EMAIL = 'superadmin@move.test';
export const SUPERADMIN_PASSWORD = process.env.E2E_PASSWORD ?? 'move-demo-password';

/** Fills in the login form; the caller decides where it should land. */
export async function logIn(page: Page): Promise<void> {
  await page.getByLabel(/^(E-mailadres|Email)$/).fill(SUPERADMIN_EMAIL);
  await page.getByLabel(/^(Wachtwoord|Password)$/).fill(SUPERADMIN_PASSWORD);
  await page.getByRole('button', { name: /^(Inloggen|Log in)$/ }).click();
}

/**
 * axe-core's violations on the page on show, every default rule on every node. Only
 * violations are collected (axe then keeps one passing or inapplicable node per rule, not
 * every one), and axe runs in the page itself, as `@axe-core/playwright`'s legacy mode
 * does (web-140: the default mode opens a blank page per call to merge frames' results,
 * and the app has no frames). axe is put into each frame once per document, not twice per
 * call as the builder does: evaluating its 1.5 MB of source was most of a check's
 * time, and the app's screens change within one document (web-170).
 */
export async function axeViolations(page: Page): Promise<AxeResults> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')) continue;
    await frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`);
  }
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), { resultTypes: ['violations'] } as axe.RunOptions);
}

/**
 * Clicks target until shown is visible. A grid draws its rows again when a search or a
 * refetch answers, and a click on a row being replaced is lost: the click is tried again,
 * never once the screen it opens is there.
 */
export async function clickUntilShown(target: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await target.click({ timeout: 2_000 });
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Pages start in English (the app's default is Dutch; the language spec covers that). */
export const test = base.extend<{ english: void }, { superadminState: StorageState }>({
  english: [
    async ({ page }, use) => {
      await page.addInitScript(() => {
        if (!localStorage.getItem('move.language')) localStorage.setItem('move.language', 'en');
      });
      await use();
    },
    { auto: true },
  ],
  // One login per worker, through the form, for the specs that test what comes after it:
  // the server allows 10 login attempts per account per 15 minutes (decision 0103), and
  // the login, logout and language specs spend their own.
  superadminState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, locale: 'en-GB' });
      const page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem('move.language', 'en'));
      await page.goto('/login');
      await logIn(page);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
});

/** Starts logged in as the superadmin (the worker's shared login): go straight to the screen. */
export const loggedInTest = test.extend({
  storageState: async ({ superadminState }, provide) => {
    await provide(superadminState);
  },
});

export { expect };
