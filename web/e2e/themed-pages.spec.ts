import { expect, loggedInTest as test } from './fixtures';

test.skip(Boolean(process.env.E2E_MOCK), 'the contract mock has no themed pages');

test('a themed page is created with blocks, previewed in the application colours, published, reordered and deleted', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `E2E page ${Date.now()}`;
  await page.goto('/application/themed-pages');
  await expect(page.getByRole('heading', { name: 'Themed pages' })).toBeVisible();
  // The seeded "Over ons" page is first in the app's order.
  await expect(page.getByTestId('themed-page-row').first()).toContainText('Over ons');
  await page.getByRole('link', { name: 'New page' }).first().click();
  await expect(page.getByRole('heading', { name: 'New themed page' })).toBeVisible();

  // Nothing typed: the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The title (Dutch) field is required').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all the fields correctly' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title (Dutch)' }).fill(title);
  await page.getByRole('textbox', { name: 'Title (English)' }).fill(`${title} EN`);

  // A heading, a text and a button; an empty button is refused per field.
  await page.getByRole('button', { name: 'Add heading' }).click();
  await page.getByRole('group', { name: 'Block 1: Heading' }).getByRole('textbox', { name: 'Heading (Dutch)' }).fill('Welkom bij de club');
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByRole('group', { name: 'Block 2: Text' }).getByRole('textbox', { name: 'Text (Dutch)' }).fill('Eerste alinea.\n\nTweede alinea.');
  await page.getByRole('button', { name: 'Add button' }).click();
  const button = page.getByRole('group', { name: 'Block 3: Button' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(button.getByText('The button label (Dutch) field is required')).toBeVisible();
  await button.getByRole('textbox', { name: 'Button label (Dutch)' }).fill('Word lid');
  await button.getByRole('textbox', { name: 'Button link' }).fill('example.org/lid-worden');
  // The button goes above the text.
  await page.getByRole('button', { name: 'Move block 3 up' }).click();
  await expect(page.getByRole('group', { name: 'Block 2: Button' })).toBeVisible();

  // The preview shows the unsaved page as the app would, in both languages.
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog');
  const preview = dialog.getByTestId('themed-preview');
  await expect(preview.getByRole('heading', { name: `${title} EN` })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Word lid' })).toHaveAttribute('href', 'https://example.org/lid-worden');
  await expect(preview.getByText('Tweede alinea.')).toBeVisible();
  await dialog.getByLabel('Language of the preview').selectOption('nl');
  await expect(preview.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/application\/themed-pages$/);
  const row = page.getByTestId('themed-page-row').filter({ hasText: title });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('3 blocks');

  // Publish, then move it to the top of the app's order.
  await row.getByRole('button', { name: `Publish: ${title}` }).click();
  await expect(row).toContainText('Published');
  const rows = page.getByTestId('themed-page-row');
  const count = await rows.count();
  for (let i = count - 1; i > 0; i--) {
    await row.getByRole('button', { name: `Move ${title} up` }).click();
    await expect(rows.nth(i - 1)).toContainText(title);
  }
  await page.reload();
  await expect(rows.first()).toContainText(title);

  // The saved page's preview screen.
  await row.getByRole('link', { name: `Preview: ${title}` }).click();
  await expect(page.getByTestId('themed-preview')).toContainText('Welkom bij de club');
  await page.getByRole('link', { name: 'Back' }).click();

  // Delete after a confirmation.
  await page.getByTestId('themed-page-row').filter({ hasText: title }).getByRole('button', { name: `Delete: ${title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('This cannot be undone');
  await confirm.getByRole('button', { name: 'Delete page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toBeVisible();
  await expect(page.getByTestId('themed-page-row').filter({ hasText: title })).toHaveCount(0);
  await expect(rows.first()).toContainText('Over ons');
});
