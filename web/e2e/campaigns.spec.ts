import { clickUntilShown, expect, loggedInTest as test } from './fixtures';

test.skip(Boolean(process.env.E2E_MOCK), 'the contract mock has no campaigns or notifications');

test('a campaign is created, found, edited and deleted after a confirmation', async ({ page }) => {
  const title = `E2E campaign ${Date.now()}`;
  await page.goto('/application/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  await page.getByRole('link', { name: 'New campaign' }).first().click();
  await expect(page.getByRole('heading', { name: 'New campaign' })).toBeVisible();
  // Nothing typed: the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The title field is required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Link', exact: true }).fill('example.org/summer');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/application\/campaigns$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  const row = page.locator('.ag-row').filter({ hasText: title });
  await expect(row).toContainText('https://example.org/summer');

  await clickUntilShown(row.getByRole('link', { name: 'Edit' }), page.getByRole('heading', { name: 'Edit campaign' }));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/application\/campaigns$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${title} (edited)`);
  const dialog = page.getByRole('alertdialog');
  await clickUntilShown(page.locator('.ag-row').filter({ hasText: `${title} (edited)` }).getByRole('button', { name: 'Delete' }), dialog);
  await expect(dialog).toContainText('This cannot be undone');
  await dialog.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: title })).toHaveCount(0);
});

test('a notification is scheduled with variables, previewed for a sample customer, counted, and cancelled before it is sent', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `E2E news for {first_name} ${Date.now()}`;
  await page.goto('/application/notifications/create');
  await expect(page.getByRole('heading', { name: 'New notification' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  await text.fill('Hello {first_name} {last_name}, the new season of {app_name} starts!');
  // The preview fills the variables for the sample customer; the counter counts.
  const preview = page.getByTestId('notification-preview');
  await expect(preview).toContainText('Hello Sam de Vries, the new season of');
  await expect(preview).toContainText('E2E news for Sam');
  await expect(page.getByText(/^68 of 100 advised characters \(at most 240\)$/)).toBeVisible();
  await text.fill(`Hello {first_name}, ${'a'.repeat(100)}`);
  await expect(page.getByText(/longer than the advised 100/)).toBeVisible();
  // An unknown variable is refused before sending.
  await text.fill('Hello {voornaam}');
  // Next year: a notification is sent within the calendar window (decision 1320).
  // The date in the browser's date field, the time in our own 24-hour field (web-062).
  await page.getByLabel(/^Send on\*?$/).fill(`${new Date().getFullYear() + 1}-01-15`);
  await page.getByLabel('Send on: time').fill('9.30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The text field holds the unknown variable {voornaam}').first()).toBeVisible();
  await text.fill('Hello {first_name}, see you soon!');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/application\/notifications$/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  const row = page.locator('.ag-row').filter({ hasText: title });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('15 January 09:30');
  // The search's answer may still redraw the row the list showed before it.
  const dialog = page.getByRole('alertdialog');
  await clickUntilShown(row.getByRole('button', { name: 'Cancel notification' }), dialog);
  await expect(dialog).toContainText('It will not be sent');
  await dialog.getByRole('button', { name: 'Cancel notification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notification cancelled' })).toBeVisible();
  await expect(row).toContainText('Cancelled');
  // A cancelled notification is shown, not edited. The grid may still be drawing the row
  // again after the cancellation (its refetch).
  await clickUntilShown(row, page.getByRole('heading', { name: 'Notification', exact: true }));
  await expect(page.getByText('can no longer be changed')).toBeVisible();
});
