import { expect, loggedInTest as test } from './fixtures';

test('create a sport, highlight it, then delete it after confirming', async ({ page }) => {
  const name = `E2E sport ${Date.now()}`;

  await page.goto('/admin/sports');
  await expect(page.getByRole('heading', { name: 'Sports' })).toBeVisible();

  await page.getByRole('link', { name: 'New sport' }).click();
  await expect(page).toHaveURL(/\/admin\/sports\/create$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sports$/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  // The searched list, not the first page before the search's debounce: its late
  // arrival redraws the rows, and a click on a redrawn row is lost.
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const row = page.locator('.ag-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);

  const highlight = row.getByRole('switch', { name: 'Highlighted' });
  await expect(highlight).not.toBeChecked();
  // The creation's "Saved" is still on screen: wait for the switch's own save, or the
  // reload below may cancel it.
  const highlightSaved = page.waitForResponse(
    (response) => response.request().method() !== 'GET' && /^\/v1\/admin\/sports\/[^/]+$/.test(new URL(response.url()).pathname),
  );
  await highlight.click();
  await expect(highlight).toBeChecked();
  expect((await highlightSaved).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // The switch saved: after a reload (reads wait for our write) it is still on.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: name }).getByRole('switch', { name: 'Highlighted' })).toBeChecked();

  await page.locator('.ag-row').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete sport' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ag-row').filter({ hasText: name })).toHaveCount(1);

  await page.locator('.ag-row').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete sport' }).getByRole('button', { name: 'Delete' }).click();
  // The notification names what happened and to what (web-020).
  await expect(page.getByRole('status').filter({ hasText: `‘${name}’ was deleted` })).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: name })).toHaveCount(0);
  // The search is still set: the empty state says the search found nothing, not that there are no sports.
  await expect(page.getByText(`No results for ‘${name}’`)).toBeVisible();
});
