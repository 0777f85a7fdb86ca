import { expect, logIn, test } from './fixtures';

test('a deep link asks for login and returns there afterwards', async ({ page }) => {
  await page.goto('/admin/product-types?search=x');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/product-types?search=x');

  await logIn(page);

  await expect(page).toHaveURL(/\/admin\/product-types\?search=x$/);
  await expect(page.getByRole('heading', { name: 'Product types' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sam Superadmin User menu$/ })).toBeVisible();
});

test('wrong credentials keep the user on the login page with the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('superadmin@move.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a logged-in user opening login goes to the overview', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/application$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/application$/);
});
