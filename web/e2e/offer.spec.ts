import { expect, loggedInTest as test } from './fixtures';

// The first demo organisation (decision 0105).
const organization = '/organizations/1b7dff1f-f891-596f-adf4-ba8350d1739d';

test('a contact, a location with opening hours, and a rate with a three-period cancellation term', async ({ page }) => {
  // Four screens and their forms, one after the other.
  test.setTimeout(180_000);
  const run = Date.now();

  // A contact needs a role.
  await page.goto(`${organization}/contacts/create`);
  await expect(page.getByRole('heading', { name: 'New contact' })).toBeVisible();
  await page.getByLabel('Name').fill(`Ria ${run}`);
  await page.getByLabel('Email').fill('ria@example.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose at least one role: mail, contact person or trainer')).toBeVisible();
  await page.getByLabel('Contact person').check();
  // A trainer contact may name one of the organisation's trainer users, picked by name.
  await page.getByLabel('Trainer', { exact: true }).check();
  await page.getByLabel('Trainer (user)').selectOption({ label: 'Tom Trainer' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${organization}/contacts$`));
  await expect(page.locator('.ag-row').filter({ hasText: `Ria ${run}` })).toContainText('Contact person');
  await page.locator('.ag-row').filter({ hasText: `Ria ${run}` }).click();
  await expect(page.getByLabel('Trainer (user)').locator('option:checked')).toHaveText('Tom Trainer');

  // A location with opening hours (closing after opening), the contact and a map preview.
  await page.goto(`${organization}/locations/create`);
  await expect(page.getByRole('heading', { name: 'New location' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Sporthal ${run}`);
  await page.getByLabel('City').fill('Utrecht');
  await page.getByLabel('Latitude').fill('52.09');
  await page.getByLabel('Longitude').fill('5.12');
  await expect(page.getByRole('img', { name: /Map preview/ })).toBeVisible();
  await page.getByRole('switch', { name: 'Monday' }).check();
  await page.getByLabel('Monday opens at').fill('18:00');
  await page.getByLabel('Monday closes at').fill('09:00');
  await page.getByLabel(`Ria ${run}`).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The closing time must be after the opening time')).toBeVisible();
  await page.getByLabel('Monday opens at').fill('09:00');
  await page.getByLabel('Monday closes at').fill('17:30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${organization}/locations$`));
  await page.locator('.ag-row').filter({ hasText: `Sporthal ${run}` }).click();
  await expect(page.getByLabel('Monday closes at')).toHaveValue('17:30');
  await expect(page.getByLabel(`Ria ${run}`)).toBeChecked();

  // A cancellation term of three periods, shown as a timeline; the server checks the rules.
  await page.goto(`${organization}/cancellation-terms/create`);
  await page.getByLabel('Name').fill(`Standard ${run}`);
  const from = page.getByLabel('From (minutes before the session)');
  const until = page.getByLabel('Until (minutes before the session)');
  const refund = page.getByLabel('Refund (%)');
  await until.nth(0).fill('2880');
  await page.getByRole('button', { name: 'Add period' }).click();
  await from.nth(1).fill('2880');
  await until.nth(1).fill('1440');
  await refund.nth(1).fill('50');
  await page.getByRole('button', { name: 'Add period' }).click();
  await from.nth(2).fill('1000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Period 3 must start where the one before ends')).toBeVisible();
  await from.nth(2).fill('1440');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Until 48 h before: 100 %');
  await expect(timeline).toContainText('48 h–24 h before: 50 %');
  await expect(timeline).toContainText('Last 24 h: 0 %');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${organization}/rates$`));

  // A rate with that term, in euros and cents.
  await page.getByRole('link', { name: 'New rate' }).click();
  await page.getByLabel('Name').fill(`Adult ${run}`);
  await page.getByLabel('Price including VAT (€)').fill('12,50');
  // The VAT tier is a choice, never a silent default (decision web-100).
  const vat = page.getByRole('combobox', { name: 'VAT', exact: true });
  await expect(vat).toHaveValue('');
  await vat.selectOption('low');
  await page.getByLabel('Cancellation term').selectOption({ label: `Standard ${run}` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${organization}/rates$`));
  const row = page.locator('.ag-row').filter({ hasText: `Adult ${run}` });
  await expect(row).toContainText('€12.50');
  await expect(row).toContainText(`Standard ${run}`);
  await expect(page.locator('.ag-row').filter({ hasText: `Standard ${run}` }).last()).toContainText('Last 24 h: 0 %');

  // An activity names its contact and its location by picking them, not by typing ids.
  await page.goto(`${organization}/activities/create`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Yoga ${run}`);
  // Each rate with its price, and free once.
  const rate = page.getByRole('combobox', { name: 'Rate', exact: true });
  await expect(rate.locator('option', { hasText: `Adult ${run} — €12.50` })).toHaveCount(1);
  await expect(rate.locator('option', { hasText: /^Free$/ })).toHaveCount(1);
  await rate.selectOption({ label: `Adult ${run} — €12.50` });
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page.getByLabel('Contact', { exact: true }).selectOption({ label: `Ria ${run}` });
  await page.getByRole('checkbox', { name: 'Contact person' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Yoga ${run}` })).toBeVisible();
  await expect(page.getByLabel('Contact', { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Location', exact: true }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: `Sporthal ${run} (Utrecht)` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  // Read again (the SPA waits for the read model to pass its write, web-005).
  await page.getByRole('link', { name: 'Details', exact: true }).click();
  await page.getByRole('link', { name: 'Location', exact: true }).click();
  await expect(page.getByLabel('Location', { exact: true }).locator('option:checked')).toHaveText(`Sporthal ${run} (Utrecht)`);
});
