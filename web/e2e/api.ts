import { expect, type APIRequestContext, type Page } from '@playwright/test';

// The API steps specs take to set up what a flow starts from (untimed, unlike the flow).

const SERVER = { timeout: 30_000 };

export type Answer = { data: Record<string, string>; meta?: { position?: string } };

/** The logged-in staff member's token and application, as the SPA keeps them. */
export async function staffHeaders(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate(() => [localStorage.getItem('move.auth'), localStorage.getItem('move.context')]);
  const token = (JSON.parse(stored[0] ?? '{}') as { state?: { token?: string } }).state?.token ?? '';
  const applicationId = (JSON.parse(stored[1] ?? '{}') as { state?: { applicationId?: string } }).state?.applicationId ?? '';
  expect(token).not.toBe('');
  return { Authorization: `Bearer ${token}`, ApplicationId: applicationId };
}

/** A POST that must succeed; its answer. */
export async function post(request: APIRequestContext, path: string, headers: Record<string, string>, data: unknown): Promise<Answer> {
  const response = await request.post(path, { headers, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as Answer;
}

/**
 * A new session activity of the organisation with one session on `day` (YYYY-MM-DD),
 * waited for until the read models hold both: a loaded machine may answer before them.
 */
export async function activityWithOneSession(
  request: APIRequestContext,
  staff: Record<string, string>,
  session: { organizationId: string; name: string; day: string; start: string; end: string; spots: number; rateId?: string },
): Promise<{ activityId: string; sessionId: string }> {
  const activity = await post(request, `/v1/admin/organizations/${session.organizationId}/activities`, staff, {
    type: 'session',
    name: session.name,
    ...(session.rateId ? { rate_id: session.rateId } : {}),
  });
  const afterActivity = { ...staff, 'X-Min-Position': activity.meta?.position ?? '' };
  await expect.poll(async () => (await request.get(`/v1/admin/activities/${activity.data.id}`, { headers: afterActivity })).status(), SERVER).toBe(200);
  const series = await post(request, `/v1/admin/activities/${activity.data.id}/sessions`, afterActivity, {
    date: session.day,
    start_time: session.start,
    end_time: session.end,
    spots: session.spots,
    subscribe_from: null,
    subscribe_until: null,
    repetition: null,
  });
  let sessionId = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/v1/admin/activities/${activity.data.id}/sessions`, {
        headers: { ...staff, 'X-Min-Position': series.meta?.position ?? '' },
      });
      sessionId = ((await response.json()) as { data?: { id: string }[] }).data?.[0]?.id ?? '';
      return sessionId;
    }, SERVER)
    .not.toBe('');
  return { activityId: activity.data.id, sessionId };
}
