import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SUPERADMIN_PASSWORD } from './fixtures';

/**
 * axe-core on every route of every demo role and on the public screens, at a desktop's and
 * a phone's size: no critical or serious violation and no page wider than the window. Each
 * visit leaves a full-page screenshot in test-results/…/screens/ (gitignored) so a reviewer
 * can see the screens at both widths.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Role = 'superadmin' | 'admin' | 'organization' | 'trainer';

/** The paid activity `move seed` gives the demo organisation (seedOrders; its id derives from the seed's key). */
const SEEDED_ACTIVITY = '7ee5e503-a0d2-5574-a7fc-632a2cc25a25';

/**
 * The routes of a role; `{org}` is the organisation the login lands in, `{first:…}` a grid's
 * first record, `{link:…}` the first record a page links to (an agenda's first session).
 */
const ROUTES: Record<Role, string[]> = {
  superadmin: [
    '/application',
    '/application/organizations/management',
    '/application/organizations/review',
    '/application/organizations/management/create',
    '/application/organizations/management/import',
    '{first:/application/organizations/management}',
    '/application/wallets',
    '/admin/applications',
    '/admin/applications/create',
    '{first:/admin/applications}',
    '/admin/sports',
    '/admin/sports/create',
    '{first:/admin/sports}',
    '/admin/location-types',
    '/admin/location-types/create',
    '/admin/product-types',
    '/admin/product-types/create',
    '/admin/wallets',
    '/admin/wallets/create',
    '{first:/admin/wallets}',
    '{first:/admin/wallets}/coupons',
    '{first:/admin/wallets}/coupons/redeemed',
    '{first:/admin/wallets}/statistics',
    '{first:/admin/wallets}/customers',
    '/admin/orders',
    '/admin/sepas',
    '/admin/invoices',
    '/admin/operations',
    '/admin/categories',
    '/admin/categories/create',
    '/admin/tags',
    '/admin/tags/create',
    '/admin/labels',
    '/admin/labels/create',
    '/application/builds/overview',
    '/application/builds',
    '/applications/builds/build-ios',
    '/applications/builds/build-android',
  ],
  admin: [
    '/application',
    '/application/organizations/management',
    '/application/organizations/review',
    '/application/organizations/management/create',
    '/application/wallets',
    '/application/activities',
    '/application/activities/sessions',
    '/application/products',
    '/application/locations',
    '/application/orders',
    '/application/notifications',
    '/application/notifications/create',
    '{first:/application/notifications}',
    '/application/campaigns',
    '/application/campaigns/create',
    '{first:/application/campaigns}',
    '/application/audit',
    '/application/audit/entities/organization/1b7dff1f-f891-596f-adf4-ba8350d1739d',
    '/admin/applications',
  ],
  organization: [
    '{org}',
    '{org}/profile',
    '{org}/activities',
    '{org}/activities/create',
    '{org}/products',
    '{org}/products/create',
    // The seeded "Clubshirt" (seedProducts) and its sub-pages.
    '{first:{org}/products}',
    '{first:{org}/products}/location',
    '{first:{org}/products}/questions',
    '{first:{org}/products}/labels',
    '{first:{org}/products}/purchases',
    '{org}/locations',
    '{org}/locations/create',
    '{org}/contacts',
    '{org}/rates',
    '{org}/finances',
    // The seeded "Yoga in het park" (by its id: other specs add activities that sort before
    // it): its agenda, its one session with the participants who booked it, and the door's
    // QR check-in, which staff use on a phone.
    `{org}/activities/${SEEDED_ACTIVITY}/sessions`,
    `{link:{org}/activities/${SEEDED_ACTIVITY}/sessions}`,
    `{link:{org}/activities/${SEEDED_ACTIVITY}/sessions}/qr-checkin`,
    '/application',
  ],
  trainer: ['{org}', '{org}/profile'],
};

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

/** The address of a list's first record: where a click on its first row goes. */
async function firstRecord(page: Page, list: string): Promise<string> {
  await page.goto(list);
  const cell = page.getByRole('gridcell').first();
  await expect(cell).toBeVisible();
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

/** Waits until the screen has settled: no skeletons, no pending lazy chunk. */
async function settled(page: Page) {
  // Generous: this machine runs other suites at the same time.
  await expect(page.getByRole('main')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('skeleton')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * What is wrong with the screen on show: serious or critical axe violations, and a page
 * wider than the window (checked at every size; at a phone's it is where it happens).
 * Leaves a full-page screenshot at `screenshot` for a reviewer.
 */
async function inspect(page: Page, path: string, screenshot: string): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${path}: the page is ${overflow}px wider than the window`);
  const results = await new AxeBuilder({ page }).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
    problems.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} → ${targets.join(', ')}`);
  }
  await page.screenshot({ path: screenshot, fullPage: true });
  return problems;
}

function screenshotName(who: string, viewport: string, pattern: string) {
  return `${who}-${viewport}-${pattern.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '')}.png`;
}

for (const viewport of VIEWPORTS) {
  for (const role of Object.keys(ROUTES) as Role[]) {
    test(`${role} at ${viewport.name} size: no serious or critical axe violations`, async ({ browser }, testInfo) => {
      test.setTimeout(600_000);
      const baseURL = testInfo.project.use.baseURL ?? '';
      const { context, page, landing } = await logInAs(browser, role, baseURL, viewport);
      const firsts = new Map<string, string>();
      const links = new Map<string, string>();
      const problems: string[] = [];
      for (const pattern of ROUTES[role]) {
        let path = pattern.replace('{org}', landing);
        const first = /\{first:([^}]+)\}/.exec(path);
        if (first) {
          if (!firsts.has(first[1])) firsts.set(first[1], await firstRecord(page, first[1]));
          path = path.replace(first[0], firsts.get(first[1]) ?? '');
        }
        const link = /\{link:([^}]+)\}/.exec(path);
        if (link) {
          if (!links.has(link[1])) links.set(link[1], await firstLink(page, link[1]));
          path = path.replace(link[0], links.get(link[1]) ?? '');
        }
        await page.goto(path);
        await settled(page);
        problems.push(...(await inspect(page, path, testInfo.outputPath('screens', screenshotName(role, viewport.name, pattern)))));
      }
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
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
      problems.push(...(await inspect(page, path, testInfo.outputPath('screens', screenshotName('public', viewport.name, path)))));
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
