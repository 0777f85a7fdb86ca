import { activityWithOneSession, post, staffHeaders } from './api';
import { expect, loggedInTest as test } from './fixtures';

// The demo organisation and customer `move seed` creates in move-demo (decision 0105).
const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';
const CUSTOMER_EMAIL = 'customer@move.test';
const PASSWORD = process.env.E2E_PASSWORD ?? 'move-demo-password';

test('staff close the organisation for a day: the impact first, one confirmation naming the counts, the session gone, the closure listed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `E2E closure ${Date.now()}`;
  // A day far ahead that no other spec plans on (the seed has no sessions there).
  const day = new Date(Date.now() + (200 + (Date.now() % 150)) * 24 * 3600 * 1000).toISOString().slice(0, 10);

  await page.goto(`/organizations/${ORGANIZATION}/closures`);
  await expect(page.getByRole('heading', { name: 'Closures', exact: true })).toBeVisible();
  const staff = await staffHeaders(page);
  const { sessionId } = await activityWithOneSession(page.request, staff, {
    organizationId: ORGANIZATION,
    name,
    day,
    start: '10:00',
    end: '11:00',
    spots: 10,
  });
  // The demo customer books it.
  const login = await post(page.request, '/v1/auth/login', { ApplicationId: staff.ApplicationId }, { email: CUSTOMER_EMAIL, password: PASSWORD });
  const customerToken = (login as unknown as { api_token: { token: string } }).api_token.token;
  const booked = await post(
    page.request,
    `/v1/sessions/${sessionId}/bookings`,
    { Authorization: `Bearer ${customerToken}`, ApplicationId: staff.ApplicationId },
    { participant: { first_name: 'Kim', last_name: 'Klant', email: CUSTOMER_EMAIL } },
  );
  await page.request.get(`/v1/admin/sessions/${sessionId}/participants`, { headers: { ...staff, 'X-Min-Position': booked.meta?.position ?? '' } });

  await page.getByRole('link', { name: 'Plan a closure' }).first().click();
  await expect(page.getByRole('heading', { name: 'Plan a closure', exact: true })).toBeVisible();
  // Nothing filled in: the form says what is missing and asks nothing of the server.
  await page.getByRole('button', { name: 'Show what it does' }).click();
  await expect(page.getByText('The first day field is required')).toBeVisible();

  await page.getByLabel('First day').fill(day);
  await page.getByLabel('Last day').fill(day);
  await page.getByRole('textbox', { name: 'Reason' }).fill('E2E pool maintenance');
  await page.getByRole('button', { name: 'Show what it does' }).click();
  const impact = page.getByTestId('closure-impact');
  await expect(impact).toContainText('1 session is cancelled.');
  await expect(impact).toContainText('1 participants and 0 on waiting lists');
  await expect(impact.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // A change makes the preview stale: it must be asked again before confirming.
  await page.getByRole('textbox', { name: 'Reason' }).fill('E2E pool closed');
  await expect(page.getByText('You changed the details: show what it does again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm the closure' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show what it does' }).click();
  await page.getByRole('button', { name: 'Confirm the closure' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Confirm the closure' });
  await expect(dialog).toContainText('Cancel 1 sessions, cancel and refund 1 bookings');
  await dialog.getByRole('button', { name: 'Cancel 1 session' }).click();

  await expect(page.getByText('Closure planned: 1 sessions cancelled, 1 bookings cancelled.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/organizations/${ORGANIZATION}/closures$`));
  await expect(page.getByTestId('closures').getByRole('row', { name: /E2E pool closed/ })).toContainText('1 of 1 sessions, 1 bookings, 0 bundle holders');

  // The session is gone; the customer's booking is cancelled.
  const gone = await page.request.get(`/v1/admin/sessions/${sessionId}`, { headers: staff });
  expect(gone.status()).toBe(404);
});
