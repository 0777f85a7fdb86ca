import { expect, loggedInTest as test } from './fixtures';

// The operations console (decision 0804): every read model of the running server with
// its state and lag, the processes' to-do lists, readiness and parked events (decision
// 1310), and a rebuild asked for after a confirmation and carried out by the server.
test('the operations console shows the read models and rebuilds one after confirming', async ({ page }) => {
  await page.goto('/admin/operations');
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();

  const projectors = page.getByTestId('operations-projectors');
  const identity = projectors.locator('tr[data-projector="identity"]');
  await expect(identity).toContainText('Running');
  await expect(page.getByTestId('operations-queues')).toContainText('Held spots');
  await expect(page.getByTestId('operations-totals')).toContainText('in the cluster');
  // Readiness as /readyz answers it (decision 1310), and no event parked on a fresh installation.
  await expect(page.getByTestId('operations-health')).toContainText('Ready: every read model is built');
  await expect(page.getByText('No parked events')).toBeVisible();
  await expect(page.getByText('No event has been skipped')).toBeVisible();
  expect((await page.request.get('/readyz')).status()).toBe(200);
  expect((await page.request.get('/livez')).status()).toBe(200);

  const types = projectors.locator('tr[data-projector="location_types"]');
  await types.getByRole('button', { name: 'Rebuild location_types' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Rebuild location_types?' });
  await expect(dialog).toContainText('current tables keep serving');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await types.getByRole('button', { name: 'Rebuild location_types' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rebuild' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rebuild of location_types requested' })).toBeVisible();
  // The server rebuilds it (the Go test TestOperationsConsole follows the rebuild) and
  // the console, refreshing itself, shows it running and rebuildable again.
  await expect(types.getByRole('button', { name: 'Rebuild location_types' })).toBeEnabled({ timeout: 30_000 });
  await expect(types).toContainText('Running');

  // The rebuilt read model serves: the location types list still opens.
  await page.goto('/admin/location-types');
  await expect(page.getByRole('heading', { name: 'Location types' })).toBeVisible();
});
