import { expect, loggedInTest as test } from './fixtures';

const localDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

// A browser twelve hours behind UTC: for thirteen hours of every day its today is not the
// application's (Europe/Amsterdam). The presets are counted by the server in the application's
// days (decision 1960), so the seeded organisations, created today there, are in the last 30 days.
test.use({ timezoneId: 'Etc/GMT+12' });

test('the application overview charts the seeded organisations by state and per day', async ({ page }) => {
  await page.goto('/application');
  await expect(page.getByRole('heading', { name: 'Application overview' })).toBeVisible();

  // By state: the seed approves three organisations and leaves one pending (other specs add more).
  const byState = page.getByRole('img', { name: 'Organisations by state' });
  await expect(byState).toBeVisible();
  await expect(byState).toHaveAccessibleDescription(/^Approved: \d+ \(\d+%\), Pending: \d+ \(\d+%\), Rejected: \d+ \(\d+%\)$/);
  const legend = page.locator('.chart__legend li');
  expect(Number(await legend.filter({ hasText: 'Approved' }).locator('strong').textContent())).toBeGreaterThanOrEqual(3);
  expect(Number(await legend.filter({ hasText: 'Pending' }).locator('strong').textContent())).toBeGreaterThanOrEqual(0);

  // Per day: the last 30 days by default, one bar a day; the seeded organisations were created in it.
  await expect(page.getByRole('img', { name: /^New organisations per day/ })).toBeVisible();
  const bars = page.getByTestId('chart-bar');
  await expect(bars).toHaveCount(30);
  const values = await bars.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-value'))));
  expect(values.reduce((sum, value) => sum + value, 0)).toBeGreaterThanOrEqual(4);
  expect(Number(await page.locator('.overview__totals dd').first().textContent())).toBeGreaterThanOrEqual(4);

  // Another preset redraws with its own number of days and is kept in the address.
  const period = page.getByRole('combobox', { name: 'Period' });
  await period.selectOption('7');
  await expect(page).toHaveURL(/period=7/);
  await expect(bars).toHaveCount(7);

  // From–to: three days ending today.
  await period.selectOption('custom');
  const today = new Date();
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 2);
  await page.getByLabel('From', { exact: true }).fill(localDate(from));
  await page.getByLabel('To', { exact: true }).fill(localDate(today));
  await expect(page).toHaveURL(new RegExp(`from=${localDate(from)}&to=${localDate(today)}`));
  await expect(bars).toHaveCount(3);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('custom');
  await expect(page.getByTestId('chart-bar')).toHaveCount(3);
});
