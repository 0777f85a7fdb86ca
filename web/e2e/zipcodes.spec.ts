import { axeViolations, expect, loggedInTest as test } from './fixtures';

/**
 * The organisations screen's zipcode filter (decision 1651): suggestions from
 * GET /v1/admin/profiles/zipcodes (the seeded organisations' postcodes and their areas),
 * the list narrowed to an area, kept in the address, refused input said on the field,
 * and no serious or critical axe violation with the filter open.
 */
test('the organisations of a postcode area, from the zipcode suggestions', async ({ page }) => {
  const zipcodes = page.waitForResponse((response) => response.url().includes('/v1/admin/profiles/zipcodes') && response.ok());
  await page.goto('/application/organizations/management');
  await zipcodes;
  const suggestions = page.getByTestId('zipcode-suggestions');
  // The seed's postcodes 3511 AB, 3511 NR, 3581 KL and 1011 AA: their areas come first. An
  // area names how many postcodes it holds (other specs may add organisations in 3511).
  await expect(suggestions.locator('option[value="3511 NR"]')).toHaveCount(1);
  const inArea = await suggestions.locator('option[value^="3511 "]').count();
  expect(inArea).toBeGreaterThanOrEqual(2);
  await expect(suggestions.locator('option[value="3511"]')).toHaveAttribute('label', `area, ${inArea} zip codes`);
  await expect(suggestions.locator('option[value="3511 AB"]')).toHaveCount(1);
  await expect(suggestions.locator('option[value="1011 AA"]')).toHaveCount(1);

  const field = page.getByRole('combobox', { name: 'Zip code' });
  await field.fill('3511');
  await expect(page).toHaveURL(/zipcode=3511$/);
  const rows = page.getByRole('region', { name: 'Organisations' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Sportclub Centrum' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Yoga aan de Gracht' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Zwemschool Golfslag' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Tennisvereniging De Lob' })).toHaveCount(0);

  // The address keeps the filter: a reload (or a shared link) shows the same list.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Zip code' })).toHaveValue('3511');
  await expect(rows.filter({ hasText: 'Sportclub Centrum' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Zwemschool Golfslag' })).toHaveCount(0);

  const results = await axeViolations(page);
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // A whole postcode, typed as people do; then one no postcode can hold.
  await page.getByRole('combobox', { name: 'Zip code' }).fill('1011aa');
  await expect(rows.filter({ hasText: 'Zwemschool Golfslag' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Sportclub Centrum' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Zip code' }).fill('10%');
  await expect(page.getByRole('alert').filter({ hasText: 'A zip code holds only letters and digits' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Zip code' })).toHaveAttribute('aria-invalid', 'true');
  // The list stays on the last filter that could match.
  await expect(rows.filter({ hasText: 'Zwemschool Golfslag' })).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Zip code' }).fill('');
  await expect(rows.filter({ hasText: 'Tennisvereniging De Lob' })).toHaveCount(1);
  await expect(page).not.toHaveURL(/zipcode=/);
});
