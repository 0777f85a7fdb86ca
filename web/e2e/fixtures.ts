import { expect, test as base, type Page } from '@playwright/test';

export const SUPERADMIN_EMAIL = 'superadmin@move.test';
export const SUPERADMIN_PASSWORD = process.env.E2E_PASSWORD ?? 'move-demo-password';

/** Fills in the login form; the caller decides where it should land. */
export async function logIn(page: Page): Promise<void> {
  await page.getByLabel(/^(E-mailadres|Email)$/).fill(SUPERADMIN_EMAIL);
  await page.getByLabel(/^(Wachtwoord|Password)$/).fill(SUPERADMIN_PASSWORD);
  await page.getByRole('button', { name: /^(Inloggen|Log in)$/ }).click();
}

/** Pages start in English (the app's default is Dutch; the language spec covers that). */
export const test = base.extend<{ english: void }>({
  english: [
    async ({ page }, use) => {
      await page.addInitScript(() => {
        if (!localStorage.getItem('move.language')) localStorage.setItem('move.language', 'en');
      });
      await use();
    },
    { auto: true },
  ],
});

export { expect };
