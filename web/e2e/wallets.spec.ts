import { clickUntilShown, expect, loggedInTest as test } from './fixtures';

// The seeded demo customer of "Move Demo" (cmd/move/identity.go).
const CUSTOMER_EMAIL = 'customer@move.test';
const CUSTOMER_NAME = 'Kim Klant';

test.skip(Boolean(process.env.E2E_MOCK), 'the contract mock has no wallets');

test('a new wallet gets a batch of coupons; a code redeemed for a customer shows as redeemed and in the statistics', async ({
  page,
}) => {
  // One long story through five screens (about 20 s here): more than the default 30 s budget's comfort.
  test.slow();
  const run = String(Date.now());
  const name = `E2E wallet ${run}`;
  const prefix = `E2E${run.slice(-6)}`;

  await page.goto('/admin/wallets/create');
  await expect(page.getByRole('heading', { name: 'New wallet' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByLabel('Slug')).toHaveValue(`e2e-wallet-${run}`);
  await page.getByLabel('Show prices in').selectOption('moves');
  await page.getByRole('button', { name: 'Save' }).click();

  // A new wallet opens on its coupons.
  await expect(page).toHaveURL(/\/admin\/wallets\/[0-9a-f-]+\/coupons$/);
  const tabs = page.getByRole('navigation', { name });
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No coupons match.')).toBeVisible();

  await page.getByRole('button', { name: 'Generate coupons' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate coupons' });
  await generate.getByLabel('Number of coupons').fill('3');
  await generate.getByLabel('Value in moves').fill('25');
  await generate.getByLabel('Prefix').fill(prefix);
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 coupons generated' })).toBeVisible();
  await expect(generate).toHaveCount(0);

  const codes = page.getByTestId('coupon-code');
  await expect(codes).toHaveCount(3);
  await expect(page.getByTestId('batches').getByRole('row')).toHaveCount(2);
  const code = (await codes.first().textContent()) ?? '';
  expect(code.startsWith(`${prefix}-`)).toBe(true);

  // Support redeems the code for the demo customer.
  await tabs.getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(CUSTOMER_EMAIL);
  const customerRow = page.locator('.ag-row').filter({ hasText: CUSTOMER_EMAIL });
  await expect(customerRow).toHaveCount(1);
  const redeem = page.getByRole('dialog', { name: 'Redeem a code for a customer' });
  await clickUntilShown(customerRow.getByRole('button', { name: 'Redeem code' }), redeem);
  await expect(redeem.getByTestId('redeem-customer')).toContainText(CUSTOMER_NAME);
  await redeem.getByLabel('Code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('status').filter({ hasText: `25 moves credited to ${CUSTOMER_NAME}` })).toBeVisible();
  await expect(redeem).toHaveCount(0);

  // The same code again: the server's reason stays in the dialog.
  await customerRow.getByRole('button', { name: 'Redeem code' }).click();
  await redeem.getByLabel('Code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(redeem.getByTestId('redeem-error')).not.toBeEmpty();
  await redeem.getByRole('button', { name: 'Cancel' }).click();

  await tabs.getByRole('link', { name: 'Redeemed' }).click();
  const redeemedRow = page.locator('.ag-row').filter({ hasText: code });
  await expect(redeemedRow).toHaveCount(1);
  await expect(redeemedRow).toContainText(CUSTOMER_NAME);
  await expect(redeemedRow).toContainText('Support');

  await tabs.getByRole('link', { name: 'Statistics' }).click();
  const totals = page.getByTestId('wallet-totals');
  await expect(totals.locator('[data-total="issued"] dd')).toContainText('75');
  await expect(totals.locator('[data-total="redeemed"] dd')).toContainText('25');
  await expect(totals.locator('[data-total="outstanding"] dd')).toContainText('50');

  // The coupon's history tells who redeemed it for whom.
  await tabs.getByRole('link', { name: 'Coupons' }).click();
  await page.getByRole('searchbox', { name: 'Search by code' }).fill(code);
  const couponRow = page.locator('.ag-row').filter({ hasText: code });
  await expect(couponRow).toHaveCount(1);
  await expect(couponRow.getByTestId('coupon-status')).toHaveText('Redeemed');
  const timeline = page.getByRole('dialog', { name: `History of ${code}` }).getByTestId('coupon-timeline');
  await clickUntilShown(couponRow.getByRole('button', { name: 'History' }), timeline);
  await expect(timeline.locator('[data-event="redeemed"]')).toContainText(CUSTOMER_NAME);
});
