import { clickUntilShown, expect, loggedInTest as test } from './fixtures';
import { paidOrderOfKim } from './paid-session';

// A customer's page (issue 23's support line, decision 1710): reached from the orders
// list by the customer's name; orders with refunds, bookings, wallets in one place; an
// order opens its dialog there and is refunded in part; on a phone the rows are cards.

const EMAIL = 'customer@move.test'; // Kim Klant (cmd/move/identity.go)
const SERVER = { timeout: 30_000 };

test.skip(Boolean(process.env.E2E_MOCK), 'the contract mock has no customers');

test('a customer’s page: from the orders list by name, orders with refunds, bookings and wallets, a partial refund there, cards on a phone', async ({ page }) => {
  test.slow();
  const ACTIVITY = `E2E klantpagina ${Date.now()}`;
  await page.goto('/application/orders');
  const orderId = await paidOrderOfKim(page, ACTIVITY);

  // Found by its number in the orders list, the customer's name opens their page.
  await page.goto('/application/orders');
  await page.getByRole('searchbox', { name: /^Search/ }).fill(orderId.slice(0, 8));
  const row = page.locator('.ag-row').filter({ hasText: 'Kim Klant' }).first();
  await expect(row).toBeVisible(SERVER);
  // The search's answer may still redraw the row the list showed before it.
  await clickUntilShown(row.getByRole('link', { name: 'Kim Klant' }), page.getByRole('heading', { name: 'Kim Klant', level: 1 }));
  await expect(page).toHaveURL(/\/application\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: EMAIL })).toBeVisible();

  // The sections, counted in the page's own navigation.
  const sections = page.getByRole('navigation', { name: 'On this page' });
  for (const name of ['Orders', 'Bookings', 'Purchases', 'Wallets']) await expect(sections.getByRole('link', { name: new RegExp(`^${name} `) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  await expect(page.getByTestId('customer-booking').filter({ hasText: ACTIVITY })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Wallets', level: 2 })).toBeVisible();

  // The order opens its dialog; part of it is refunded, and the page shows it.
  const paid = page.getByTestId('customer-order').filter({ hasText: ACTIVITY });
  await expect(paid.getByTestId('order-status')).toHaveText('Paid');
  await paid.getByRole('button', { name: ACTIVITY }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${ACTIVITY}` });
  await expect(dialog.getByTestId('order-customer')).toContainText('Kim Klant');
  await dialog.getByRole('textbox', { name: 'Amount in euros', exact: true }).fill('1.25');
  await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Klantpagina');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('alertdialog', { name: 'Refund €1.25?' }).getByRole('button', { name: 'Refund €1.25' }).click();
  await expect(dialog.getByTestId('order-status')).toHaveText('Partly refunded', SERVER);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // By its activity: Kim's orders of other runs (a retry's first attempt) are on the page too.
  await expect(paid).toContainText('€1.25', SERVER);

  // On a phone: cards, nothing wider than the screen; a card opens the order.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId('customer-orders').getByRole('button', { name: new RegExp(`^${ACTIVITY}`) }).first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('customer-orders').locator('thead')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.click();
  await expect(page.getByRole('dialog', { name: `Order ${ACTIVITY}` })).toBeVisible();
});

test('a customer’s page of someone not in the application says so and leads back to the orders', async ({ page }) => {
  await page.goto('/application/customers/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'This customer does not exist in this application' })).toBeVisible(SERVER);
  await page.getByRole('link', { name: 'To the orders' }).click();
  await expect(page).toHaveURL(/\/application\/orders$/);
});
