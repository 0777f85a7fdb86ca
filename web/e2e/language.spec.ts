import { expect, test } from '@playwright/test';
import { logIn } from './fixtures';

test('the app starts in Dutch and switches to English and back', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  await logIn(page);
  await expect(page).toHaveURL(/\/application$/);
  await page.goto('/admin/sports');
  await expect(page.getByRole('heading', { name: 'Sporten' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sports' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Location types' })).toBeVisible();

  // The choice is remembered across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sports' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption('nl');
  await expect(page.getByRole('heading', { name: 'Sporten' })).toBeVisible();
});
