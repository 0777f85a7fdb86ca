import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loggedInTest as test } from './fixtures';

// The demo organisation and customer `move seed` creates in move-demo (decision 0105).
const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';
const CUSTOMER_EMAIL = 'customer@move.test';
const PASSWORD = process.env.E2E_PASSWORD ?? 'move-demo-password';

/** The logged-in staff member's token and application, as the SPA keeps them. */
async function staffHeaders(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate(() => [localStorage.getItem('move.auth'), localStorage.getItem('move.context')]);
  const token = (JSON.parse(stored[0] ?? '{}') as { state?: { token?: string } }).state?.token ?? '';
  const applicationId = (JSON.parse(stored[1] ?? '{}') as { state?: { applicationId?: string } }).state?.applicationId ?? '';
  expect(token).not.toBe('');
  return { Authorization: `Bearer ${token}`, ApplicationId: applicationId };
}

// What the server answers after a command (read models under a loaded machine): longer than the default 10 s.
const SERVER = { timeout: 30_000 };

type Answer = { data: Record<string, string>; meta?: { position?: string } };

/** POST as JSON; answers the body, failing the test on anything but a success. */
async function post(request: APIRequestContext, path: string, headers: Record<string, string>, data: unknown): Promise<Answer> {
  const response = await request.post(path, { headers, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as Answer;
}

/**
 * A session on day with a customer's booking (Kim Klant, who gets a short code) and
 * `extra` participants staff added by hand; answers the session's id and Kim's code once
 * the read model has them all.
 */
async function sessionWithParticipants(page: Page, name: string, day: string, extra: string[], start = '23:00') {
  await page.goto(`/organizations/${ORGANIZATION}/activities`);
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();
  const staff = await staffHeaders(page);
  const activity = await post(page.request, `/v1/admin/organizations/${ORGANIZATION}/activities`, staff, { type: 'session', name });
  const series = await post(page.request, `/v1/admin/activities/${activity.data.id}/sessions`, { ...staff, 'X-Min-Position': activity.meta?.position ?? '' }, {
    date: day,
    start_time: start,
    end_time: '23:45',
    spots: 40,
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
      sessionId = ((await response.json()) as { data?: { id: string }[] }).data?.[0]?.id ?? '';
      return sessionId;
    })
    .not.toBe('');
  const login = await post(page.request, '/v1/auth/login', { ApplicationId: staff.ApplicationId }, { email: CUSTOMER_EMAIL, password: PASSWORD });
  const customerToken = (login as unknown as { api_token: { token: string } }).api_token.token;
  const booked = await post(
    page.request,
    `/v1/sessions/${sessionId}/bookings`,
    { Authorization: `Bearer ${customerToken}`, ApplicationId: staff.ApplicationId },
    { participant: { first_name: 'Kim', last_name: 'Klant', email: CUSTOMER_EMAIL } },
  );
  let last = booked.meta?.position ?? '';
  for (const person of extra) {
    const [first, lastName] = person.split(' ');
    last = (await post(page.request, `/v1/admin/sessions/${sessionId}/participants`, staff, { participant: { first_name: first, last_name: lastName } })).meta?.position ?? last;
  }
  for (const position of [booked.meta?.position ?? '', last]) {
    const seen = await page.request.get(`/v1/admin/sessions/${sessionId}/participants`, { headers: { ...staff, 'X-Min-Position': position } });
    expect(seen.ok()).toBeTruthy();
  }
  return { sessionId, activityId: activity.data.id, code: booked.data.check_in_code, staff };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the door at ${viewport.width} px: the day's sessions with counts, check-in by tap with undo and by a short code`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const name = `E2E door ${viewport.width} ${Date.now()}`;
    const day = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const { code } = await sessionWithParticipants(page, name, day, ['Anna Aarts', 'Bram Bos']);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);

    // Reached from the organisation's navigation (on a phone, behind its menu button).
    await page.goto(`/organizations/${ORGANIZATION}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (viewport.width < 900) await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('link', { name: 'Door', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/organizations/${ORGANIZATION}/door$`));
    await expect(page.getByRole('heading', { name: 'Door', level: 1 })).toBeVisible();

    await page.goto(`/organizations/${ORGANIZATION}/door?date=${day}`);
    const session = page.getByTestId('door-session').filter({ hasText: name });
    await expect(session.getByTestId('door-counts')).toHaveText('0 present · 3 booked · 0 waiting', SERVER);
    const opener = session.getByRole('button', { name: new RegExp(name) });
    if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
    const people = session.getByTestId('door-person');
    await expect(people).toHaveCount(3);
    // By name, each a big target.
    await expect(people.locator('.door__name')).toHaveText(['Anna Aarts', 'Bram Bos', 'Kim Klant']);
    for (const box of await Promise.all((await people.all()).map((p) => p.boundingBox()))) {
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect((await opener.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    // One tap checks Anna in, said in the live region; Undo takes it back.
    const anna = people.filter({ hasText: 'Anna Aarts' });
    await anna.click();
    await expect(anna).toHaveAttribute('aria-pressed', 'true');
    const feedback = session.getByTestId('door-feedback');
    await expect(feedback).toContainText('Anna Aarts: Present.', SERVER);
    await expect(session.getByTestId('door-counts')).toHaveText('1 present · 3 booked · 0 waiting', SERVER);
    await feedback.getByRole('button', { name: 'Undo' }).click();
    await expect(anna).toHaveAttribute('aria-pressed', 'false');
    await expect(session.getByTestId('door-counts')).toHaveText('0 present · 3 booked · 0 waiting', SERVER);

    // The search narrows the list by name or code.
    await session.getByLabel('Search by name or code').fill('bram');
    await expect(people).toHaveCount(1);
    await session.getByLabel('Search by name or code').fill('');

    // Kim's short code, typed loosely, checks her in wherever she is that day; once.
    const field = page.getByLabel('Code', { exact: true });
    await field.fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByTestId('check-in-outcome')).toContainText(/Kim Klant checked in at \d\d:\d\d/, SERVER);
    await expect(people.filter({ hasText: 'Kim Klant' })).toHaveAttribute('aria-pressed', 'true', SERVER);
    await expect(session.getByTestId('door-counts')).toHaveText('1 present · 3 booked · 0 waiting', SERVER);
    await field.fill(code);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByTestId('check-in-outcome')).toContainText(/Already checked in at \d\d:\d\d/, SERVER);
    const unknown = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    await field.fill(unknown);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByTestId('check-in-outcome')).toContainText(`No booking with code ${unknown} in this day's sessions`, SERVER);
    await field.fill('not a code');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByTestId('check-in-outcome')).toContainText('Scan the QR code or type the 6-character code', SERVER);

    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test('on a phone the session opens on its participants as cards; bulk mark present and move are previewed and undone', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `E2E bulk ${Date.now()}`;
  const day = new Date(Date.now() + 6 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const next = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const { sessionId, activityId, staff } = await sessionWithParticipants(page, name, day, ['Anna Aarts', 'Bram Bos'], '19:00');
  const other = await post(page.request, `/v1/admin/activities/${activityId}/sessions`, staff, {
    date: next,
    start_time: '19:00',
    end_time: '20:00',
    spots: 10,
    subscribe_from: null,
    subscribe_until: null,
    repetition: null,
  });
  const ready = await page.request.get(`/v1/admin/activities/${activityId}/participants?from=${day}&to=${next}`, {
    headers: { ...staff, 'X-Min-Position': other.meta?.position ?? '' },
  });
  expect(ready.ok()).toBeTruthy();

  await page.goto(`/organizations/${ORGANIZATION}/activities/${activityId}/sessions/${sessionId}`);
  // Participants first; the session's own form folded below them.
  await expect(page.getByRole('heading', { name: 'Participants' })).toBeVisible();
  await expect(page.locator('details.session-edit')).not.toHaveAttribute('open', '');
  const rows = page.getByTestId('participant');
  await expect(rows).toHaveCount(3);
  // Cards, not a sideways grid: no header row, nothing wider than the card or the screen.
  await expect(page.getByTestId('participants').locator('thead')).toBeHidden();
  expect(await page.getByTestId('participants').evaluate((table) => table.scrollWidth <= table.clientWidth + 1)).toBeTruthy();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Each participant shows their short code.
  await expect(rows.filter({ hasText: 'Kim Klant' }).locator('.participants__code')).toHaveText(/^[0-9A-HJKMNP-TV-Z]{6}$/);

  // Bulk (the shared bulk parts, web-053): mark present, with a preview of what changes, then undone.
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await bulk.getByLabel('Select all').check();
  await expect(bulk).toContainText('3 selected');
  await bulk.getByRole('button', { name: 'Mark present (3)' }).click();
  const preview = page.getByRole('dialog', { name: 'Mark present: 3 selected' });
  await expect(preview.getByTestId('bulk-changes')).toContainText('Anna Aarts: Not marked → Present');
  await expect(preview.getByTestId('bulk-preview')).toContainText('You can undo this afterwards.');
  await preview.getByRole('button', { name: 'Mark present (3)' }).click();
  const result = preview.getByTestId('bulk-result');
  await expect(result).toContainText('3 done (mark present).', SERVER);
  for (const who of ['Anna Aarts', 'Bram Bos', 'Kim Klant']) {
    await expect(page.getByRole('group', { name: `Attendance of ${who}` }).getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'true', SERVER);
  }
  await preview.getByRole('button', { name: 'Undo' }).click();
  await expect(result).toContainText('3 undone.', SERVER);
  await preview.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('group', { name: 'Attendance of Anna Aarts' }).getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'false', SERVER);

  // Bulk: move two to the next session, named in words (never YYYY-MM-DD) with its free
  // spots; previewed; undone: back here.
  await page.getByLabel('Select Anna Aarts').check();
  await page.getByLabel('Select Bram Bos').check();
  await bulk.getByRole('button', { name: 'Move (2)' }).click();
  const move = page.getByRole('dialog', { name: 'Move: 2 selected' });
  const target = move.getByLabel('To session');
  const option = target.locator('option', { hasText: '19:00–20:00 (10 of 10 spots free)' });
  await expect(option).toHaveCount(1, SERVER);
  const label = (await option.textContent()) ?? '';
  expect(label).not.toContain(next);
  expect(label).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4} · 19:00–20:00 /);
  await target.selectOption({ label });
  const when = label.replace(' (10 of 10 spots free)', '');
  await expect(move.getByTestId('bulk-choice-preview')).toHaveText(`2 participants go to ${when}; 10 spots are free there.`);
  await move.getByRole('button', { name: 'Move (2)' }).click();
  const moved = move.getByTestId('bulk-result');
  await expect(moved).toContainText('2 done (move).', SERVER);
  await expect(rows).toHaveCount(1, SERVER);
  await move.getByRole('button', { name: 'Undo' }).click();
  await expect(moved).toContainText('2 undone.', SERVER);
  await move.getByRole('button', { name: 'Done' }).click();
  await expect(rows).toHaveCount(3, SERVER);
});

test('bundle bookings at the door: counted with the session, listed by name with their bundle, checked in by tap and by code', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `E2E door bundle ${Date.now()}`;
  const day = new Date(Date.now() + 9 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.goto(`/organizations/${ORGANIZATION}/activities`);
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();
  const staff = await staffHeaders(page);
  const activity = await post(page.request, `/v1/admin/organizations/${ORGANIZATION}/activities`, staff, { type: 'bundle', name });
  const bundle = await post(page.request, `/v1/admin/activities/${activity.data.id}/bundles`, { ...staff, 'X-Min-Position': activity.meta?.position ?? '' }, {
    name: 'Voorjaar',
    spots: 10,
    start_date: day,
    price_cents: 0,
  });
  const bundleId = bundle.data.id;
  const sessions = await post(page.request, `/v1/admin/bundles/${bundleId}/sessions`, { ...staff, 'X-Min-Position': bundle.meta?.position ?? '' }, {
    date: day,
    start_time: '23:00',
    end_time: '23:45',
    spots: 10,
    subscribe_from: null,
    subscribe_until: null,
    repetition: null,
  });
  const codes: Record<string, string> = {};
  let last = sessions.meta?.position ?? '';
  for (const [first, lastName] of [['Bea', 'Bundel'], ['Bob', 'Bundel']]) {
    const booked = await post(page.request, `/v1/admin/bundles/${bundleId}/participants`, { ...staff, 'X-Min-Position': last }, {
      participant: { first_name: first, last_name: lastName },
    });
    codes[first] = booked.data.check_in_code;
    last = booked.meta?.position ?? last;
  }
  expect((await page.request.get(`/v1/admin/bundles/${bundleId}/participants`, { headers: { ...staff, 'X-Min-Position': last } })).ok()).toBeTruthy();

  await page.goto(`/organizations/${ORGANIZATION}/door?date=${day}`);
  const session = page.getByTestId('door-session').filter({ hasText: name });
  await expect(session.getByTestId('door-counts')).toHaveText('0 present · 2 booked · 0 waiting', SERVER);
  const opener = session.getByRole('button', { name: new RegExp(name) });
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  const people = session.getByTestId('door-person');
  await expect(people.locator('.door__name')).toHaveText(['Bea Bundel', 'Bob Bundel']);
  await expect(people.first()).toContainText('Bundle Voorjaar');

  // A tap checks Bea in at this session of her bundle; said, without an undo (there is none).
  const bea = people.filter({ hasText: 'Bea Bundel' });
  await bea.click();
  await expect(bea).toHaveAttribute('aria-pressed', 'true', SERVER);
  const feedback = session.getByTestId('door-feedback');
  await expect(feedback).toContainText('Bea Bundel checked in (bundle Voorjaar).', SERVER);
  await expect(feedback.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(session.getByTestId('door-counts')).toHaveText('1 present · 2 booked · 0 waiting', SERVER);

  // Bob's short code in the door's form finds his bundle's session of the day.
  await page.getByLabel('Code', { exact: true }).fill(codes.Bob);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByTestId('check-in-outcome')).toContainText(/Bob Bundel checked in at \d\d:\d\d/, SERVER);
  await expect(people.filter({ hasText: 'Bob Bundel' })).toHaveAttribute('aria-pressed', 'true', SERVER);
  await expect(session.getByTestId('door-counts')).toHaveText('2 present · 2 booked · 0 waiting', SERVER);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
