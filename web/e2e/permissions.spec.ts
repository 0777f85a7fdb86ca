import { clickUntilShown, expect, loggedInTest, test, SUPERADMIN_PASSWORD } from './fixtures';

// The first demo organisation: the trainer's (decision 0105), with "Yoga in het park" at "Losse les", € 12.50.
const DEMO_ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';

// Issue 24: the permission matrix, "why denied?" and member invites (decisions 1500, 1501).
// The matrix test changes the shared matrix and puts it back: a retry would start from a
// half-done change, so these run once; a loaded machine needs more than 30 s per test.
test.describe.configure({ retries: 0, timeout: 120_000 });

loggedInTest('a superadmin asks why a trainer may not edit activities, and who could change that', async ({ page }) => {
  await page.goto('/admin/permissions/why-denied');
  await page.getByLabel("User's e-mail address").fill('trainer@move.test');
  await page.getByLabel('Permission', { exact: true }).selectOption('edit-activity');
  await page.getByRole('button', { name: 'Explain' }).click();
  const answer = page.getByTestId('why-denied-answer');
  // The permission in words, never its id (issue 23); the id is folded away for support.
  await expect(answer.getByRole('heading', { level: 2 })).toHaveText('Tom Trainer may not use “Edit activities” in this application.');
  await expect(answer).toContainText('Trainer in ');
  await expect(answer).toContainText('Invite them as organisation staff of the organisation (that role holds “Edit activities”). Who can:');
  await expect(answer).toContainText('admin@move.test');
  await expect(answer).toContainText('Add “Edit activities” to the role Trainer they hold, in the permission matrix. Who can: Sam Superadmin');
  await expect(answer).not.toContainText('edit-activity');
  await page.getByTestId('why-denied-support').getByText('For support').click();
  await expect(page.getByTestId('why-denied-support').locator('code').first()).toHaveText('edit-activity');

  // An API route is explained by the permission its guard checks.
  await page.getByLabel('Permission', { exact: true }).selectOption('');
  await page.getByLabel('Or an API route').fill('GET /v1/admin/application/orders');
  await page.getByRole('button', { name: 'Explain' }).click();
  await expect(answer.getByRole('heading', { level: 2 })).toHaveText('Tom Trainer may not use “View the application\'s orders” in this application.');
});

loggedInTest('the matrix grants and revokes a rule after a confirmation naming who gains or loses what', async ({ page }) => {
  await page.goto('/admin/permissions');
  await expect(page.getByRole('heading', { name: 'Permissions', level: 1 })).toBeVisible();
  const matrix = page.getByTestId('permission-matrix');
  // The default matrix: admins hold refund-orders by name; the superadmin's * is a visible wildcard rule.
  // Rows name a permission in words, its id beside it for whoever types a rule (issue 23).
  await expect(matrix.getByRole('checkbox', { name: 'Refund orders Admin' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Wildcard rules' })).toContainText('Superadmin every permission *');

  // Customers hold no staff permission: granting them one here touches no other spec's screens.
  const cell = matrix.getByRole('checkbox', { name: "View the platform's sports and types Customer" });
  await expect(cell).not.toBeChecked();
  await cell.click();
  const grant = page.getByRole('alertdialog', { name: 'Give Customer “View the platform\'s sports and types”?' });
  await expect(grant).toContainText('Every user with the role Customer gains “View the platform\'s sports and types”');
  await grant.getByRole('button', { name: 'Cancel' }).click();
  await expect(cell).not.toBeChecked();

  await cell.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer now holds “View the platform\'s sports and types”' })).toBeVisible();
  await page.reload();
  await expect(matrix.getByRole('checkbox', { name: "View the platform's sports and types Customer" })).toBeChecked();

  await matrix.getByRole('checkbox', { name: "View the platform's sports and types Customer" }).click();
  const revoke = page.getByRole('alertdialog', { name: 'Take “View the platform\'s sports and types” from Customer?' });
  await expect(revoke).toContainText('Every user with the role Customer loses “View the platform\'s sports and types”');
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer no longer holds “View the platform\'s sports and types”' })).toBeVisible();
  await expect(matrix.getByRole('checkbox', { name: "View the platform's sports and types Customer" })).not.toBeChecked();
});

test('a trainer on a closed page follows "why denied?" to the missing grant', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('trainer@move.test');
  await page.getByLabel('Password').fill(SUPERADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/organizations\/[^/]+$/);
  const home = new URL(page.url()).pathname;
  await page.goto(`${home}/rates`);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  // The missing permission in words, never its id.
  await expect(page.getByTestId('forbidden')).toContainText('This page needs the ‘View rates’ permission');
  await expect(page.getByTestId('forbidden')).not.toContainText('view-rates');
  await page.getByRole('link', { name: 'Why denied?' }).click();
  await expect(page).toHaveURL(/\/why-denied\?permission=view-rates&organization_id=/);
  const answer = page.getByTestId('why-denied-answer');
  await expect(answer.getByRole('heading', { level: 2 })).toHaveText(/^Tom Trainer may not use “View rates” in .+\.$/);
  await expect(answer).not.toContainText('view-rates');
  await expect(answer).toContainText('Who can: Ada Admin (admin@move.test)');
});

test('an application admin invites a member from the application area', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@move.test');
  await page.getByLabel('Password').fill(SUPERADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByRole('navigation').getByRole('link', { name: 'Invites' }).click();
  await expect(page.getByRole('heading', { name: 'Member invites', level: 1 })).toBeVisible();
  const email = `member-${Date.now()}@move.test`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Member');
  // A seeded, approved organisation: other specs add unapproved ones that sort first.
  await page.getByLabel('Organisation').selectOption({ label: 'Sportclub Centrum' });
  await page.getByLabel('Role').selectOption('trainer');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invite sent' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invites' }).getByText(email)).toBeVisible();
});

for (const email of ['trainer@move.test', 'admin@move.test']) {
  test(`${email} reads an activity with its own rate, read-only, and is not offered rates (decision 1760)`, async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(SUPERADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/organizations/${DEMO_ORGANIZATION}/activities`);
    // Neither reads rates (view-rates): the organisation's navigation does not offer them.
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Activities', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Rates', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New activity' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Yoga in het park');
    await clickUntilShown(page.locator('.ag-row').filter({ hasText: 'Yoga in het park' }).first(), page.getByTestId('read-only'));
    const rate = page.getByRole('combobox', { name: 'Rate', exact: true });
    await expect(rate.locator('option:checked')).toHaveText('Losse les — €12.50');
    await expect(rate).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete activity' })).toHaveCount(0);
  });
}
