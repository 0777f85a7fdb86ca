import { expect, loggedInTest as test } from './fixtures';

test('a new organisation waits for review; accepted, it is approved in the list', async ({ page }) => {
  const name = `E2E organisation ${Date.now()}`;

  await page.goto('/application/organizations/management/create');
  await expect(page.getByRole('heading', { name: 'New organisation' })).toBeVisible();
  // Labels carry a required mark (hidden from assistive technology): find fields by their accessible name.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('e2e@example.org');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Utrecht');
  await page.getByRole('button', { name: 'Save' }).click();

  // The secret is shown once, after create.
  await expect(page.getByRole('heading', { name: 'API credentials' })).toBeVisible();
  await expect(page.getByTestId('client-secret')).not.toBeEmpty();
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/application\/organizations\/management$/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.locator('.ag-row').filter({ hasText: name })).toContainText('Pending');

  // Its staff see that it is not approved yet on the organisation's dashboard.
  const edit = page.locator('.ag-row').filter({ hasText: name }).getByRole('link', { name: 'Edit' });
  const id = ((await edit.getAttribute('href')) ?? '').split('/').pop() ?? '';
  expect(id).not.toBe('');
  await page.goto(`/organizations/${id}`);
  await expect(page.getByTestId('not-approved')).toBeVisible();
  await page.goto('/application/organizations/management');

  await page.getByRole('link', { name: 'Review' }).click();
  const pending = page.locator('.ag-row').filter({ hasText: name });
  await expect(pending).toHaveCount(1);
  await pending.getByRole('button', { name: 'Accept' }).click();
  // Accepting cannot be undone here: the dialog says what it does before it happens.
  const confirm = page.getByRole('alertdialog', { name: `Accept ${name}?` });
  await expect(confirm).toContainText('visible in the app and on the website');
  await confirm.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Organisation ‘${name}’ accepted` })).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('link', { name: 'Management' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.locator('.ag-row').filter({ hasText: name })).toContainText('Approved');

  // Approved: the notice is gone.
  await page.goto(`/organizations/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('not-approved')).toHaveCount(0);
});

test('a CSV with broken rows shows the errors and imports nothing; the fixed file imports every row', async ({
  page,
}) => {
  const run = Date.now();
  const header = 'name,street,house_number,zipcode,city,country,email';
  const broken = [
    header,
    `E2E import A ${run},Stationsplein,1,3511 ED,Utrecht,nl,a@example.org`,
    `,Stationsplein,2,3511 ED,Utrecht,nl,b@example.org`,
    `E2E import C ${run},Stationsplein,3,3511 ED,Utrecht,netherlands,not-an-email`,
  ].join('\n');
  const fixed = [
    header,
    `E2E import A ${run},Stationsplein,1,3511 ED,Utrecht,nl,a@example.org`,
    `E2E import B ${run},Stationsplein,2,3511 ED,Utrecht,nl,b@example.org`,
    `E2E import C ${run},Stationsplein,3,3511 ED,Utrecht,nl,c@example.org`,
  ].join('\n');

  await page.goto('/application/organizations/management/import');
  await expect(page.getByRole('heading', { name: 'Import CSV' })).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  const errors = page.getByTestId('import-errors');
  await expect(errors).toBeVisible();
  await expect(errors.getByRole('row').filter({ hasText: 'name' })).toContainText('3');
  await expect(errors.getByRole('row').filter({ hasText: 'country' })).toContainText('4');
  await expect(errors.getByRole('row').filter({ hasText: 'email' })).toContainText('4');
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);

  // Nothing of the broken file was imported, not even its valid row.
  await page.goto('/application/organizations/management');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${run}`);
  await expect(page.getByText(`No results for ‘${run}’`)).toBeVisible();

  await page.goto('/application/organizations/management/import');
  await page.getByLabel('CSV file').setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await expect(page.getByTestId('import-preview').getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: 'Import all 3 organisations' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 organisations imported' })).toBeVisible();
  await expect(page).toHaveURL(/\/application\/organizations\/management$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${run}`);
  await expect(page.locator('.ag-row')).toHaveCount(3);
});
