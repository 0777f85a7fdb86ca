import { clickUntilShown, expect, loggedInTest as test } from './fixtures';

// The demo organisation `move seed` creates in move-demo (decision 0105); the seed gives
// it the published product "Clubshirt" (seedProducts).
const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';

test('a product: create with its type and spots, a question, a label, the lists and filters, delete after the confirmation', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `E2E locker ${stamp}`;
  const labelName = `E2E label ${stamp}`;

  // A label to give it (the application's, decision 0610).
  await page.goto('/admin/labels/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(labelName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/labels$/);

  // The form refuses a product without a type before a round trip.
  await page.goto(`/organizations/${ORGANIZATION}/products/create`);
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('combobox', { name: 'Product type', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Product type', exact: true }).selectOption({ label: 'Materiaal' });
  await page.getByLabel('Spots (empty is unlimited)').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // A question with choices.
  await page.getByRole('link', { name: 'Questions', exact: true }).click();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('Which locker row?');
  await page.getByLabel('Answer type').selectOption('single_select');
  await page.getByLabel('Options (one per line)').fill('Top\nBottom');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // The label by hand. The question's "Saved" may still be on show (a notice stays 5 s),
  // so the save is awaited by its answer: leaving the page earlier could cancel it.
  await page.getByRole('link', { name: 'Labels', exact: true }).click();
  await page.getByRole('group', { name: 'Labels of this product' }).getByLabel(labelName).check();
  const labelsSaved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/labels$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await labelsSaved).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // The organisation's list: drafts only shows it (new products start as drafts), published only shows the seeded one.
  await page.goto(`/organizations/${ORGANIZATION}/products`);
  await page.getByRole('combobox', { name: 'Draft' }).selectOption('true');
  await expect(page.getByRole('gridcell', { name })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Clubshirt' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Draft' }).selectOption('false');
  await expect(page.getByRole('gridcell', { name: 'Clubshirt' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name })).toHaveCount(0);

  // The application's overview names the organisation.
  await page.goto('/application/products');
  await expect(page.getByRole('heading', { name: 'Products of the application' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name })).toBeVisible();

  // The label's product filter (decision 1001): products of the type Kleding, so the
  // seeded Clubshirt by filter beside this product by hand; activities never.
  await page.goto('/admin/labels');
  await page.getByRole('searchbox', { name: 'Search' }).fill(labelName);
  await clickUntilShown(page.locator('.ag-row').filter({ hasText: labelName }), page.getByRole('link', { name: 'Product filter' }));
  await page.getByRole('link', { name: 'Product filter' }).click();
  await expect(page.getByRole('heading', { name: `Product filter of ${labelName}` })).toBeVisible();
  await page.getByRole('group', { name: 'Product types' }).getByLabel('Kleding', { exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Edit label' })).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: 'Clubshirt' })).toContainText('By filter');
  await expect(page.locator('.ag-row').filter({ hasText: name })).toContainText('By hand');
  await expect(page.locator('.ag-row')).toHaveCount(2);

  // Deleting asks first and says which labels it leaves; cancelled once, then confirmed.
  await page.goto(`/organizations/${ORGANIZATION}/products`);
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete product' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(labelName);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Delete product' }).click();
  await expect(dialog).toContainText(labelName);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByRole('gridcell', { name })).toHaveCount(0);
});

test('a purchase through the consumer API shows on the product’s Purchases sub-page', async ({ page }) => {
  test.setTimeout(120_000);
  // The seeded published Clubshirt (free, 25 spots) of the approved demo organisation.
  await page.goto(`/organizations/${ORGANIZATION}/products`);
  await page.getByRole('link', { name: 'Clubshirt' }).click();
  await expect(page.getByRole('heading', { name: 'Clubshirt' })).toBeVisible();
  const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const stored = await page.evaluate(() => localStorage.getItem('move.context'));
  const applicationId = (JSON.parse(stored ?? '{}') as { state?: { applicationId?: string } }).state?.applicationId ?? '';
  expect(applicationId).not.toBe('');

  // The demo customer buys it in the consumer app.
  const login = await page.request.post('/v1/auth/login', {
    headers: { ApplicationId: applicationId },
    data: { email: 'customer@move.test', password: process.env.E2E_PASSWORD ?? 'move-demo-password' },
  });
  expect(login.ok()).toBeTruthy();
  const token = ((await login.json()) as { api_token: { token: string } }).api_token.token;
  const bought = await page.request.post(`/v1/products/${productId}/purchases`, {
    headers: { Authorization: `Bearer ${token}`, ApplicationId: applicationId },
    data: { participant: { first_name: 'Kim', last_name: 'Koper', email: 'customer@move.test' } },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  expect(((await bought.json()) as { data: { status: string } }).data.status).toBe('confirmed');

  // Staff see the buyer on the sub-page (reloaded until the read model has it).
  await expect(async () => {
    await page.goto(`/organizations/${ORGANIZATION}/products/${productId}/purchases`);
    await expect(page.getByTestId('purchases').getByRole('row').filter({ hasText: 'Kim Koper' }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Purchases' })).toBeVisible();
  await expect(page.getByTestId('purchases').getByRole('row').filter({ hasText: 'Kim Koper' }).first()).toContainText('Confirmed');
});
