import { clickUntilShown, expect, loggedInTest as test } from './fixtures';

// The demo organisation `move seed` creates in move-demo (decision 0105).
const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';

test.skip(Boolean(process.env.E2E_MOCK), 'the contract mock has no categories, labels or wallets');

test('a category on an activity, a label whose activity and organisation filters cover it, the label attached to a wallet; the category in use stays', async ({
  page,
}) => {
  // Five screens on a machine that may be busy.
  test.setTimeout(120_000);
  const run = String(Date.now());
  const category = `E2E swimming ${run}`;
  const activity = `E2E lanes ${run}`;
  const label = `E2E pass ${run}`;
  const wallet = `E2E wallet ${run}`;

  await page.goto('/admin/categories/create');
  await expect(page.getByRole('heading', { name: 'New category' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(category);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  // The list reads its own write; a new page load (below) does not wait for it.
  await page.getByRole('searchbox', { name: 'Search' }).fill(category);
  await expect(page.locator('.ag-row').filter({ hasText: category })).toBeVisible();

  // The activity form offers the category by its title.
  await page.goto(`/organizations/${ORGANIZATION}/activities/create`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(activity);
  await page.getByRole('group', { name: 'Categories' }).getByLabel(category).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: activity })).toBeVisible();

  // A label with an activity filter on the category covers the activity.
  await page.goto('/admin/labels/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(label);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/labels$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(label);
  await clickUntilShown(page.locator('.ag-row').filter({ hasText: label }), page.getByRole('heading', { name: 'Edit label' }));
  await page.getByRole('link', { name: 'Activity filter' }).click();
  await expect(page.getByRole('heading', { name: `Activity filter of ${label}` })).toBeVisible();
  await page.getByRole('group', { name: 'Categories' }).getByLabel(category).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Edit label' })).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: activity })).toContainText('By filter');

  // Its organisation filter covers every offer of the demo organisation too (decision 0614).
  await page.getByRole('link', { name: 'Organisation filter' }).click();
  await expect(page.getByRole('heading', { name: `Organisation filter of ${label}` })).toBeVisible();
  await page.getByRole('group', { name: 'Organisations' }).getByLabel('Sportclub Centrum', { exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Edit label' })).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: activity })).toContainText('By filter, By organisation');

  // The wallet pays for the label's offers.
  await page.goto('/admin/wallets/create');
  await page.getByLabel('Name', { exact: true }).fill(wallet);
  await page.getByLabel('Show prices in').selectOption('moves');
  await page.getByRole('group', { name: 'Pays for offers with the labels' }).getByLabel(label).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/wallets\/[0-9a-f-]+\/coupons$/);
  await page.getByRole('navigation', { name: wallet }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('group', { name: 'Pays for offers with the labels' }).getByLabel(label)).toBeChecked();

  // The application's app offers the label as a search filter.
  await page.goto('/admin/applications');
  await page.locator('.ag-row').filter({ hasText: 'Move Demo' }).first().getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('link', { name: 'Search filters', exact: true }).click();
  await page.getByRole('group', { name: 'Labels' }).getByLabel(label).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Labels' }).getByLabel(label)).toBeChecked();

  // The category an activity and a label use cannot go; the refusal names them.
  await page.goto('/admin/categories');
  await page.getByRole('searchbox', { name: 'Search' }).fill(category);
  await clickUntilShown(page.locator('.ag-row').filter({ hasText: category }), page.getByRole('button', { name: 'Delete category' }));
  await page.getByRole('button', { name: 'Delete category' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete category' }).click();
  await expect(page.getByRole('alert').filter({ hasText: activity })).toContainText(label);
  await expect(page.getByRole('heading', { name: 'Edit category' })).toBeVisible();
});
