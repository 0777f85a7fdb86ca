import { expect, loggedInTest as test } from './fixtures';

test.skip(Boolean(process.env.E2E_MOCK), 'the contract mock has no wallets');

test('coupons disabled in bulk: the preview names what is left and why, the result counts, and undo switches them on again', async ({ page }) => {
  test.slow();
  const run = String(Date.now());
  const name = `E2E bulk ${run}`;
  const prefix = `BLK${run.slice(-6)}`;

  await page.goto('/admin/wallets/create');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Show prices in').selectOption('moves');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/wallets\/[0-9a-f-]+\/coupons$/);

  await page.getByRole('button', { name: 'Generate coupons' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate coupons' });
  await generate.getByLabel('Number of coupons').fill('3');
  await generate.getByLabel('Value in moves').fill('10');
  await generate.getByLabel('Prefix').fill(prefix);
  await generate.getByRole('button', { name: 'Generate' }).click();
  const codes = page.getByTestId('coupon-code');
  await expect(codes).toHaveCount(3);
  const first = (await codes.first().textContent()) ?? '';

  // One coupon switched off by hand first: the bulk action leaves it, and says why.
  await page.getByRole('switch', { name: `Enabled ${first}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Coupon ${first} disabled` })).toBeVisible();

  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByRole('button', { name: 'Disable' })).toBeDisabled();
  await bar.getByRole('checkbox', { name: 'Everything on this page' }).check();
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Disable (3)' }).click();

  const dialog = page.getByRole('dialog', { name: 'Disable: 3 selected' });
  await expect(dialog.getByTestId('bulk-preview')).toHaveText('2 rows: disable. You can undo this afterwards.');
  await expect(dialog).toContainText(`${first}: already disabled`);
  await dialog.getByRole('button', { name: 'Disable (2)' }).click();
  await expect(dialog.getByTestId('bulk-result')).toContainText('2 done (disable).');
  await expect(dialog.getByTestId('bulk-result')).toContainText('1 skipped.');

  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByTestId('bulk-result')).toContainText('2 undone.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(bar).toContainText('0 selected');

  // Undone: the two are on again, the one switched off by hand stays off.
  await expect(page.getByRole('switch', { name: `Enabled ${first}` })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: new RegExp(`^Enabled ${prefix}-`), checked: true })).toHaveCount(2);
});
