import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loggedInTest as test } from './fixtures';

// The demo organisation and customer `move seed` creates in move-demo (decision 0105).
const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';
const CUSTOMER_EMAIL = 'customer@move.test';
const PASSWORD = process.env.E2E_PASSWORD ?? 'move-demo-password';

// Staff at the door hold a phone.
test.use({ viewport: { width: 390, height: 844 } });

/** The logged-in staff member's token and application, as the SPA keeps them. */
async function staffHeaders(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate(() => [localStorage.getItem('move.auth'), localStorage.getItem('move.context')]);
  const token = (JSON.parse(stored[0] ?? '{}') as { state?: { token?: string } }).state?.token ?? '';
  const applicationId = (JSON.parse(stored[1] ?? '{}') as { state?: { applicationId?: string } }).state?.applicationId ?? '';
  expect(token).not.toBe('');
  expect(applicationId).not.toBe('');
  return { Authorization: `Bearer ${token}`, ApplicationId: applicationId };
}

/** POST as JSON; answers the body, failing the test on anything but a success. */
async function post(request: APIRequestContext, path: string, headers: Record<string, string>, data: unknown) {
  const response = await request.post(path, { headers, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as { data: Record<string, string>; meta?: { position?: string } };
}

test('a customer books, staff see the participant on a phone, check them in by code once, export the list and see the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E check-in ${Date.now()}`;
  const day = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);

  // Staff make an activity with one session (through the API: the screens have their own spec).
  await page.goto(`/organizations/${ORGANIZATION}/activities`);
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();
  const staff = await staffHeaders(page);
  const activity = await post(page.request, `/v1/admin/organizations/${ORGANIZATION}/activities`, staff, { type: 'session', name });
  // The server answers a read after the caller's last write (X-Min-Position): the new
  // activity is in its read model before the session is added to it.
  const series = await post(page.request, `/v1/admin/activities/${activity.data.id}/sessions`, { ...staff, 'X-Min-Position': activity.meta?.position ?? '' }, {
    date: day,
    start_time: '19:00',
    end_time: '20:00',
    spots: 10,
    subscribe_from: null,
    subscribe_until: null,
    repetition: null,
  });
  let sessionId = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/v1/admin/activities/${activity.data.id}/sessions`, {
        headers: { ...staff, 'X-Min-Position': series.meta?.position ?? '' },
      });
      const body = (await response.json()) as { data?: { id: string }[] };
      sessionId = body.data?.[0]?.id ?? '';
      return sessionId;
    })
    .not.toBe('');

  // The demo customer books it in the consumer app (the API) and gets a code.
  const login = await post(page.request, '/v1/auth/login', { ApplicationId: staff.ApplicationId }, { email: CUSTOMER_EMAIL, password: PASSWORD });
  const customerToken = (login as unknown as { api_token: { token: string } }).api_token.token;
  const booked = await post(
    page.request,
    `/v1/sessions/${sessionId}/bookings`,
    { Authorization: `Bearer ${customerToken}`, ApplicationId: staff.ApplicationId },
    { participant: { first_name: 'Kim', last_name: 'Klant', email: CUSTOMER_EMAIL } },
  );
  const code = booked.data.qr_code;
  expect(code).toMatch(/^B1\./);

  // Staff see her on the session's page once the read model has her booking (another
  // caller's write: staff's page does not know its position).
  const seen = await page.request.get(`/v1/admin/sessions/${sessionId}/participants`, {
    headers: { ...staff, 'X-Min-Position': booked.meta?.position ?? '' },
  });
  expect(seen.ok()).toBeTruthy();
  const sessionPage = `/organizations/${ORGANIZATION}/activities/${activity.data.id}/sessions/${sessionId}`;
  await page.goto(sessionPage);
  await expect(page.getByTestId('participants-counts')).toHaveText('1 of 10 spots taken, 9 left');
  await expect(page.getByTestId('participant')).toContainText('Kim Klant');

  // At the door: the code typed (the camera's fallback) checks her in, once.
  await page.getByRole('link', { name: 'QR check-in' }).click();
  await expect(page.getByRole('heading', { name: 'QR check-in' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByTestId('check-in-outcome')).toContainText(/Kim Klant checked in at \d\d:\d\d/);
  await expect(page.getByTestId('check-in-count')).toHaveText('1 of 1 present');
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByTestId('check-in-outcome')).toContainText(/Already checked in at \d\d:\d\d/);
  // A tampered code is refused.
  await page.getByLabel('Code', { exact: true }).fill(`${code.slice(0, -2)}xx`);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByTestId('check-in-outcome')).toContainText('This QR code is not valid');

  // Back on the session: present; the list exports with her in it.
  await page.getByRole('link', { name: 'Back to the session' }).click();
  const attendance = page.getByRole('group', { name: 'Attendance of Kim Klant' });
  await expect(attendance.getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'true');
  // Her booking's history names who did what: she booked; the superadmin checked her in
  // (platform staff hold no role in the application, which sees no name: decision 0511).
  await page.getByRole('button', { name: 'History of Kim Klant' }).click();
  const history = page.getByRole('dialog').getByTestId('booking-history');
  await expect(history.locator('[data-event="booked"]')).toContainText('Booked by Kim Klant');
  await expect(history.locator('[data-event="attendance_marked"]')).toContainText('Attendance marked by someone outside this application · Present');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export participants' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('participants.xlsx');
  const sheet = execFileSync('unzip', ['-p', await file.path(), 'xl/worksheets/sheet1.xml']).toString();
  expect(sheet).toContain('Kim');
  // In the user's language (issue 23): the attendance in words, not the raw 'present'.
  expect(sheet).toContain('Present');

  // One tap marks her absent, the live region says so, and Undo puts her back as present.
  const feedback = page.getByTestId('attendance-feedback');
  await attendance.getByRole('button', { name: 'Absent' }).click();
  await expect(feedback).toContainText('Kim Klant: Absent.');
  await expect(attendance.getByRole('button', { name: 'Absent' })).toHaveAttribute('aria-pressed', 'true');
  await feedback.getByRole('button', { name: 'Undo' }).click();
  await expect(feedback).toContainText('Kim Klant: Present.');
  await expect(attendance.getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'true');

  // The organisation dashboard counts her in the week ahead.
  await page.goto(`/organizations/${ORGANIZATION}`);
  await expect(page.getByTestId('figures-upcoming')).toContainText(name);
  await expect(page.getByTestId('figures-recent')).toContainText(`Kim Klant · ${name}`);
});

test('a bundle made on its screen is booked by a customer and checked in at its session by code', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E course ${Date.now()}`;
  const start = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);

  await page.goto(`/organizations/${ORGANIZATION}/activities`);
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();
  const staff = await staffHeaders(page);
  const activity = await post(page.request, `/v1/admin/organizations/${ORGANIZATION}/activities`, staff, { type: 'bundle', name });

  // The bundle is made on the bundles tab, once the activity is in the read model (the
  // page does not know the position of a write made beside it).
  const ready = await page.request.get(`/v1/admin/activities/${activity.data.id}`, {
    headers: { ...staff, 'X-Min-Position': activity.meta?.position ?? '' },
  });
  expect(ready.ok()).toBeTruthy();
  await page.goto(`/organizations/${ORGANIZATION}/activities/${activity.data.id}/bundles`);
  await page.getByRole('button', { name: 'New bundle' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Spring');
  await page.getByRole('spinbutton', { name: 'Spots', exact: true }).fill('8');
  await page.getByLabel(/^Start date\*?$/).fill(start);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Spring' }).click();
  await expect(page.getByRole('heading', { name: 'Spring' })).toBeVisible();
  const bundleId = page.url().split('/bundles/')[1];

  // A session of the bundle (through the API), and a customer's booking with its code.
  const added = await post(page.request, `/v1/admin/bundles/${bundleId}/sessions`, staff, {
    date: start,
    start_time: '10:00',
    end_time: '11:00',
    spots: 8,
    subscribe_from: null,
    subscribe_until: null,
    repetition: null,
  });
  const login = await post(page.request, '/v1/auth/login', { ApplicationId: staff.ApplicationId }, { email: CUSTOMER_EMAIL, password: PASSWORD });
  const customerToken = (login as unknown as { api_token: { token: string } }).api_token.token;
  const booked = await post(
    page.request,
    `/v1/bundles/${bundleId}/bookings`,
    { Authorization: `Bearer ${customerToken}`, ApplicationId: staff.ApplicationId },
    { participant: { first_name: 'Kim', last_name: 'Klant', email: CUSTOMER_EMAIL } },
  );
  for (const position of [added.meta?.position, booked.meta?.position]) {
    const seen = await page.request.get(`/v1/admin/bundles/${bundleId}/participants`, { headers: { ...staff, 'X-Min-Position': position ?? '' } });
    expect(seen.ok()).toBeTruthy();
  }
  await page.reload();
  // The bundle page's parts have their own addresses (spec §2), reached by its tabs and deep links.
  const parts = page.getByRole('navigation', { name: 'Parts of the bundle' });
  await parts.getByRole('link', { name: 'Participants' }).click();
  await expect(page).toHaveURL(new RegExp(`/bundles/${bundleId}/participants$`));
  await expect(page.getByTestId('participants-counts')).toHaveText('1 of 8 spots taken, 7 left');
  await parts.getByRole('link', { name: 'Sessions' }).click();
  // A session is named in words ("Tue, 1 Dec 2026 · 10:00–11:00"), never by its ISO date.
  const [startYear, startMonth, startDay] = start.split('-').map(Number);
  const startWords = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(startYear, startMonth - 1, startDay)),
  );
  await expect(page.getByTestId('bundle-sessions')).toContainText(`${startWords} · 10:00–11:00`);
  await page.getByTestId('bundle-sessions').getByRole('link', { name: `${startWords} · 10:00–11:00` }).click();
  await expect(page).toHaveURL(new RegExp(`/bundles/${bundleId}/sessions/[0-9a-f-]+$`));
  await page.reload();
  await expect(page.getByTestId('bundle-sessions').getByRole('link', { name: `${startWords} · 10:00–11:00` })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Open the session (participants, check-in)' })).toBeVisible();
  await page.goto(`/organizations/${ORGANIZATION}/activities/${activity.data.id}/bundles/${bundleId}/waitlist`);
  await expect(page.getByRole('heading', { name: 'Waiting list (0)' })).toBeVisible();
  await parts.getByRole('link', { name: 'Details' }).click();

  // At the door of the bundle's session: once.
  await page.getByRole('link', { name: 'QR check-in' }).click();
  await page.getByLabel('Code', { exact: true }).fill(booked.data.qr_code);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByTestId('check-in-outcome')).toContainText(/Kim Klant checked in at \d\d:\d\d/);
  await page.getByLabel('Code', { exact: true }).fill(booked.data.qr_code);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByTestId('check-in-outcome')).toContainText(/Already checked in at \d\d:\d\d/);
  await page.getByRole('link', { name: 'Back to the bundle' }).click();
  await parts.getByRole('link', { name: 'Participants' }).click();
  await expect(page.getByTestId('participants')).toContainText('Kim Klant · checked in once');
  await page.getByRole('button', { name: 'History of Kim Klant' }).click();
  await expect(page.getByRole('dialog').getByTestId('booking-history').locator('[data-event="checked_in"]')).toContainText(
    'Checked in by someone outside this application',
  );
});
