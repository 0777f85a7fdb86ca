import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations, SUPERADMIN_PASSWORD } from './fixtures';

/**
 * axe-core on every route of every demo role and on the public screens, at a desktop's and
 * a phone's size: no critical or serious violation and no page wider than the window. A
 * visit with a problem leaves a full-page screenshot in test-results/…/screens/
 * (gitignored); with A11Y_SCREENSHOTS=1 every visit does, so a reviewer can see every
 * screen at both widths (taking them all costs minutes of the suite on 2 cores).
 */

const EVERY_SCREENSHOT = process.env.A11Y_SCREENSHOTS === '1';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Role = 'superadmin' | 'admin' | 'organization' | 'trainer';

/** The paid activity `move seed` gives the demo organisation (seedOrders; its id derives from the seed's key). */
const SEEDED_ACTIVITY = '7ee5e503-a0d2-5574-a7fc-632a2cc25a25';

/**
 * The routes of a role by area; `{org}` is the organisation the login lands in, `{first:…}`
 * a grid's first record, `{link:…}` the first record a page links to (an agenda's first
 * session). Each area is its own test, so the areas run in parallel on the workers.
 */
const ROUTES: Record<Role, Record<string, string[]>> = {
  superadmin: {
    organisations: [
      '/application',
      '/application/organizations/management',
      '/application/organizations/review',
      '/application/organizations/management/create',
      '/application/organizations/management/import',
      '{first:/application/organizations/management}',
      '/application/wallets',
    ],
    applications: ['/admin/applications', '/admin/applications/create', '{first:/admin/applications}'],
    catalogue: [
      '/admin/sports',
      '/admin/sports/create',
      '{first:/admin/sports}',
      '/admin/location-types',
      '/admin/location-types/create',
      '/admin/product-types',
      '/admin/product-types/create',
    ],
    wallets: [
      '/admin/wallets',
      '/admin/wallets/create',
      '{first:/admin/wallets}',
      '{first:/admin/wallets}/coupons',
      '{first:/admin/wallets}/coupons/redeemed',
      '{first:/admin/wallets}/statistics',
      '{first:/admin/wallets}/customers',
    ],
    'orders and finances': ['/admin/orders', '/admin/sepas', '/admin/invoices', '/admin/operations'],
    taxonomy: ['/admin/categories', '/admin/categories/create', '/admin/tags', '/admin/tags/create', '/admin/labels', '/admin/labels/create'],
    builds: ['/application/builds/overview', '/application/builds', '/applications/builds/build-ios', '/applications/builds/build-android'],
  },
  admin: {
    organisations: [
      '/application',
      '/application/organizations/management',
      '/application/organizations/review',
      '/application/organizations/management/create',
      '/application/wallets',
      '/admin/applications',
    ],
    offer: [
      '/application/activities',
      '/application/activities/sessions',
      '/application/products',
      '/application/locations',
      '/application/orders',
    ],
    communication: [
      '/application/notifications',
      '/application/notifications/create',
      '{first:/application/notifications}',
      '/application/campaigns',
      '/application/campaigns/create',
      '{first:/application/campaigns}',
    ],
    audit: ['/application/audit', '/application/audit/entities/organization/1b7dff1f-f891-596f-adf4-ba8350d1739d'],
  },
  organization: {
    home: ['{org}', '{org}/profile', '{org}/finances', '/application'],
    // The seeded "Yoga in het park" (by its id: other specs add activities that sort before
    // it): its agenda, its one session with the participants who booked it, and the door's
    // QR check-in, which staff use on a phone.
    activities: [
      '{org}/activities',
      '{org}/activities/create',
      `{org}/activities/${SEEDED_ACTIVITY}/sessions`,
      `{link:{org}/activities/${SEEDED_ACTIVITY}/sessions}`,
      `{link:{org}/activities/${SEEDED_ACTIVITY}/sessions}/qr-checkin`,
    ],
    // The seeded "Clubshirt" (seedProducts) and its sub-pages.
    products: [
      '{org}/products',
      '{org}/products/create',
      '{first:{org}/products}',
      '{first:{org}/products}/location',
      '{first:{org}/products}/questions',
      '{first:{org}/products}/labels',
      '{first:{org}/products}/purchases',
    ],
    offer: ['{org}/locations', '{org}/locations/create', '{org}/contacts', '{org}/rates'],
    // Closures (issue 23, decision 1660): the list and the planning form.
    closures: ['{org}/closures', '{org}/closures/plan'],
  },
  trainer: { home: ['{org}', '{org}/profile', '/no-access'] },
};

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Issue 24's screens (kept in their own block to ease merging the split of this file). */
const ISSUE_24_ROUTES: Record<Role, string[]> = {
  superadmin: ['/admin/permissions', '/admin/permissions/why-denied?email=trainer@move.test&permission=edit-activity', '/why-denied?permission=view-rates'],
  admin: ['/application/invites', '/why-denied?permission=manage-permissions', '/application/organizations/management?zipcode=3511'],
  organization: ['/why-denied?permission=view-organizations'],
  trainer: ['{org}/rates', '/why-denied?permission=view-rates'],
};
for (const role of Object.keys(ISSUE_24_ROUTES) as Role[]) ROUTES[role].permissions = ISSUE_24_ROUTES[role];

/** Themed pages (decision 1640): the list, the form and the preview of the seeded "Over ons" page (seedThemedPage). */
const SEEDED_THEMED_PAGE = 'af32dac4-a8d3-5aa2-ae92-daf8e3d127e1';
ROUTES.admin['themed pages'] = [
  '/application/themed-pages',
  '/application/themed-pages/create',
  `/application/themed-pages/${SEEDED_THEMED_PAGE}`,
  `/application/themed-pages/${SEEDED_THEMED_PAGE}/preview`,
];

/** Issue 23's door (its own block, for the same reason): today's, and the seeded session's day (seed: 14 days ahead). */
const SEEDED_SESSION_DAY = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
ROUTES.organization.door = ['{org}/door', `{org}/door?date=${SEEDED_SESSION_DAY}`];
ROUTES.trainer.door = ['{org}/door'];

/** Issue 23's customer page (decision 1710): the first customer the orders list links to, and one not in the application. */
ROUTES.admin.customers = ['/application/customers/{customer:customer@move.test}', '/application/customers/00000000-0000-0000-0000-000000000000'];

/** A demo customer's id, found as staff find them: among a wallet's customers, by e-mail address. */
async function customerId(page: Page, email: string): Promise<string> {
  await page.goto('/application');
  await settled(page);
  const stored = await page.evaluate(() => [localStorage.getItem('move.auth'), localStorage.getItem('move.context')]);
  const token = (JSON.parse(stored[0] ?? '{}') as { state?: { token?: string } }).state?.token ?? '';
  const applicationId = (JSON.parse(stored[1] ?? '{}') as { state?: { applicationId?: string } }).state?.applicationId ?? '';
  const headers = { Authorization: `Bearer ${token}`, ApplicationId: applicationId };
  const wallets = await page.request.get('/v1/admin/wallets?itemsPerPage=1', { headers });
  const wallet = ((await wallets.json()) as { data: { id: string }[] }).data[0]?.id ?? '';
  const customers = await page.request.get(`/v1/admin/wallets/${wallet}/customers?search=${encodeURIComponent(email)}`, { headers });
  const id = ((await customers.json()) as { data: { customer: { id: string } }[] }).data[0]?.customer.id ?? '';
  expect(id, `the demo customer ${email}`).not.toBe('');
  return id;
}

async function logInAs(browser: Browser, role: Role, baseURL: string, viewport: { width: number; height: number }) {
  // The CSP would refuse the script axe injects; the app itself is unchanged.
  const context = await browser.newContext({ baseURL, viewport, bypassCSP: true, locale: 'nl-NL' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^(E-mailadres|Email)$/).fill(`${role}@move.test`);
  await page.getByLabel(/^(Wachtwoord|Password)$/).fill(SUPERADMIN_PASSWORD);
  await page.getByRole('button', { name: /^(Inloggen|Log in)$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page, landing: new URL(page.url()).pathname };
}

/** An access token lasts 15 minutes (identity.AccessTTL): a login older than this is renewed. */
const LOGIN_REUSE_MS = 10 * 60_000;

interface Login {
  state: StorageState;
  landing: string;
  at: number;
}

/** Each role logs in once per worker (renewed before its token expires); every area's test starts from that login. */
const test = base.extend<object, { loginOf: (role: Role) => Promise<Login> }>({
  loginOf: [
    async ({ browser }, use, workerInfo) => {
      const logins = new Map<Role, Login>();
      await use(async (role) => {
        const known = logins.get(role);
        if (known && Date.now() - known.at < LOGIN_REUSE_MS) return known;
        const { context, landing } = await logInAs(browser, role, workerInfo.project.use.baseURL ?? '', VIEWPORTS[0]);
        const login = { state: await context.storageState(), landing, at: Date.now() };
        await context.close();
        logins.set(role, login);
        return login;
      });
    },
    { scope: 'worker' },
  ],
});

// The areas are independent: they run in parallel on the workers (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

/**
 * The address of a list's first record: where a click on its first row goes. Rows named
 * "E2E …" are left out: the other specs make them while this one runs, and some delete theirs.
 */
async function firstRecord(page: Page, list: string): Promise<string> {
  await page.goto(list);
  // ag-grid keeps empty rows in its pinned containers: only rows with cells count.
  const rows = page.locator('.ag-row').filter({ has: page.getByRole('gridcell') });
  const cell = rows.filter({ hasNotText: /E2E / }).first().getByRole('gridcell').first();
  // Generous, as in settled(): this machine runs other suites at the same time.
  await expect(cell).toBeVisible({ timeout: 30_000 });
  await cell.click({ position: { x: 5, y: 5 } });
  await page.waitForURL((url) => url.pathname !== list);
  return new URL(page.url()).pathname;
}

/** The first link on the page at `list` to a record below it (an agenda's first session). */
async function firstLink(page: Page, list: string): Promise<string> {
  await page.goto(list);
  await settled(page);
  const link = page.locator(`main a[href^="${list}/"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '';
}

/**
 * Opens path as the app's own links do once the app runs in the page: the router shows
 * the screen, without loading the page anew. The first visit of a test loads it.
 */
async function visit(page: Page, path: string) {
  const running = await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  if (!running) {
    await page.goto(path);
    return;
  }
  await page.evaluate(async (to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    // The router renders the screen in the next frame; settled() then waits for its data.
    await new Promise((painted) => requestAnimationFrame(painted));
  }, path);
}

/** Waits until the screen has settled: no skeletons, no pending lazy chunk. */
async function settled(page: Page) {
  // Generous: this machine runs other suites at the same time.
  await expect(page.getByRole('main')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('skeleton')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * What is wrong with the screen on show: serious or critical axe violations, and a page
 * wider than the window (checked at every size; at a phone's it is where it happens), and
 * ag-grid's console errors (a module missing, e.g. #200 when rows' classes need RowStyleModule).
 * Leaves a full-page screenshot at `screenshot` when there is a problem (or always, with
 * A11Y_SCREENSHOTS=1).
 */
async function inspect(page: Page, path: string, screenshot: string, consoleErrors: string[]): Promise<string[]> {
  const problems = consoleErrors.splice(0).map((error) => `${path}: console error ${error}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${path}: the page is ${overflow}px wider than the window`);
  const results = await axeViolations(page);
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
    problems.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} → ${targets.join(', ')}`);
  }
  if (problems.length > 0 || EVERY_SCREENSHOT) await page.screenshot({ path: screenshot, fullPage: true });
  return problems;
}

function screenshotName(who: string, viewport: string, pattern: string) {
  return `${who}-${viewport}-${pattern.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '')}.png`;
}

/** Collects ag-grid's console errors (ag-grid writes "AG Grid: error #…"). */
function watchGridErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('AG Grid')) errors.push(message.text().slice(0, 200));
  });
  return errors;
}

for (const viewport of VIEWPORTS) {
  for (const role of Object.keys(ROUTES) as Role[]) {
    for (const [area, patterns] of Object.entries(ROUTES[role])) {
      test(`${role} · ${area} at ${viewport.name} size: no serious or critical axe violations`, async ({ browser, loginOf }, testInfo) => {
        test.setTimeout(600_000);
        const { state, landing } = await loginOf(role);
        // The CSP would refuse the script axe injects; the app itself is unchanged.
        const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport, bypassCSP: true, locale: 'nl-NL', storageState: state });
        const page = await context.newPage();
        const gridErrors = watchGridErrors(page);
        const firsts = new Map<string, string>();
        const links = new Map<string, string>();
        const problems: string[] = [];
        for (const pattern of patterns) {
          let path = pattern.replace('{org}', landing);
          const first = /\{first:([^}]+)\}/.exec(path);
          if (first) {
            if (!firsts.has(first[1])) firsts.set(first[1], await firstRecord(page, first[1]));
            path = path.replace(first[0], firsts.get(first[1]) ?? '');
          }
          const customer = /\{customer:([^}]+)\}/.exec(path);
          if (customer) path = path.replace(customer[0], await customerId(page, customer[1]));
          const link = /\{link:([^}]+)\}/.exec(path);
          if (link) {
            if (!links.has(link[1])) links.set(link[1], await firstLink(page, link[1]));
            path = path.replace(link[0], links.get(link[1]) ?? '');
          }
          await visit(page, path);
          await settled(page);
          const screenshot = testInfo.outputPath('screens', screenshotName(role, viewport.name, pattern));
          problems.push(...(await inspect(page, path, screenshot, gridErrors)));
        }
        await context.close();
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  }
}

/** The screens before login: the public card and the not-found page. */
const PUBLIC_ROUTES = ['/login', '/forgot-password', '/forgot-password/reset?token=e2e', '/invite/register?token=e2e', '/no-such-page'];

for (const viewport of VIEWPORTS) {
  test(`public screens at ${viewport.name} size: no serious or critical axe violations`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport, bypassCSP: true, locale: 'nl-NL' });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of PUBLIC_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      problems.push(...(await inspect(page, path, testInfo.outputPath('screens', screenshotName('public', viewport.name, path)), [])));
    }
    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('the phone menu opens, is keyboard reachable, and closes after following a link', async ({ browser }, testInfo) => {
  const { context, page } = await logInAs(browser, 'superadmin', testInfo.project.use.baseURL ?? '', { width: 390, height: 844 });
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const navigation = page.getByRole('navigation', { name: 'Applicatie' });
  await navigation.getByRole('link', { name: 'Beheer →' }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await context.close();
});

test('at a phone size the active tab is scrolled into view and chart labels keep their size', async ({ browser }, testInfo) => {
  const { context, page } = await logInAs(browser, 'superadmin', testInfo.project.use.baseURL ?? '', { width: 390, height: 844 });
  const wallet = await firstRecord(page, '/admin/wallets');
  await page.goto(`${wallet}/statistics`);
  await settled(page);
  // The last tabs do not fit 390 px: the row scrolls so the current one shows.
  const active = page.getByRole('link', { name: 'Statistieken' });
  await expect(active).toHaveAttribute('aria-current', 'page');
  await expect(active).toBeInViewport({ ratio: 1 });
  // The SVG is drawn at the phone's width, so an 11 px label is not scaled down to a few pixels.
  const label = page.locator('.chart__label').first();
  await expect(label).toBeVisible();
  const height = await label.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeGreaterThanOrEqual(10);
  await context.close();
});
