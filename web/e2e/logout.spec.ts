import { expect, logIn, test } from './fixtures';

test('logging out clears the login and protects the admin screens again', async ({ page }) => {
  await page.goto('/admin/sports');
  await logIn(page);
  await expect(page.getByRole('heading', { name: 'Sports' })).toBeVisible();

  await page.getByRole('button', { name: /User menu$/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('move.auth') ?? '{}').state?.token ?? null)).toBeNull();

  await page.goto('/admin/sports');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fsports$/);
});

test('the root path goes home and keeps the login (web-033)', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/application$/);
  await page.goto('/admin/sports');
  await page.goto('/');
  await expect(page).toHaveURL(/\/application$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('move.auth') ?? '{}').state?.token ?? null)).not.toBeNull();
});
