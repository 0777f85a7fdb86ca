import { expect, type Page } from '@playwright/test';
import { activityWithOneSession, post, staffHeaders } from './api';

// A paid session of the demo organisation that the demo customer Kim Klant books and pays
// for in euros at the local provider: a fresh session per call, since a customer books a
// session once (the seeded "Yoga in het park" is booked by other specs too).

const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d'; // move-demo (decision 0105)
const RATE = 'Losse les'; // € 12.50, seeded with "Yoga in het park" (cmd/move/seed_orders.go)
const CUSTOMER_EMAIL = 'customer@move.test'; // Kim Klant (cmd/move/identity.go)
const PASSWORD = process.env.E2E_PASSWORD ?? 'move-demo-password';
const SERVER = { timeout: 30_000 };

/**
 * Makes the activity `name` at the seeded rate with one session next month, has Kim book
 * and pay for it, and answers the order's id once the orders read model says it is paid.
 * The page must be logged in as staff (it ends on the provider's page).
 */
export async function paidOrderOfKim(page: Page, name: string): Promise<string> {
  const staff = await staffHeaders(page);
  const rates = await page.request.get(`/v1/admin/organizations/${ORGANIZATION}/rates?itemsPerPage=250`, { headers: staff });
  const rate = ((await rates.json()) as { data: { id: string; name: string }[] }).data.find((row) => row.name === RATE);
  expect(rate, 'the seeded rate').toBeTruthy();
  const { sessionId } = await activityWithOneSession(page.request, staff, {
    organizationId: ORGANIZATION,
    name,
    day: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10),
    start: '18:00',
    end: '19:00',
    spots: 10,
    rateId: rate?.id,
  });
  const login = (await post(page.request, '/v1/auth/login', { ApplicationId: staff.ApplicationId }, { email: CUSTOMER_EMAIL, password: PASSWORD })) as unknown as {
    api_token: { token: string };
  };
  const customer = { Authorization: `Bearer ${login.api_token.token}`, ApplicationId: staff.ApplicationId };
  const booked = await post(page.request, `/v1/sessions/${sessionId}/bookings`, customer, {
    participant: { first_name: 'Kim', last_name: 'Klant', email: CUSTOMER_EMAIL },
  });
  const ordered = await post(page.request, `/v1/sessions/${sessionId}/bookings/${booked.data.booking_id}/order`, customer, { payment_type: 'euros' });
  await page.goto(ordered.data.checkout_url);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect
    .poll(async () => {
      const response = await page.request.get(`/v1/admin/application/orders/${ordered.data.order_id}`, { headers: staff });
      return response.ok() ? ((await response.json()) as { data: { status: string } }).data.status : '';
    }, SERVER)
    .toBe('paid');
  return ordered.data.order_id;
}
