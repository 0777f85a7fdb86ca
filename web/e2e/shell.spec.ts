import { expect, loggedInTest as test } from './fixtures';

/** The organisation `move seed` gives organization@move.test. */
const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';

test('the top bar names the application; a deep link shows its organisation in the switcher', async ({ page }) => {
  await page.goto(`/organizations/${ORGANIZATION}/activities`);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Move Demo', exact: true })).toBeVisible();
  const switcher = page.locator('.org-switcher__toggle');
  await expect(switcher).not.toHaveText(/Choose/);
  const shown = (await switcher.locator('.org-switcher__name').textContent()) ?? '';
  // The organisation's own home names the same one.
  await page.goto(`/organizations/${ORGANIZATION}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown);
});

test('grid rows that open a record look clickable, in the app’s font, with pills at text height', async ({ page }) => {
  const gridErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('AG Grid')) gridErrors.push(message.text());
  });
  await page.goto('/application/organizations/management');
  const row = page.locator('.ag-row').filter({ has: page.getByRole('gridcell') }).first();
  await expect(row).toHaveClass(/data-grid__row--link/);
  await expect(row).toHaveCSS('cursor', 'pointer');
  const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  await expect(row.getByRole('gridcell').first()).toHaveCSS('font-family', bodyFont);
  const pill = page.locator('.ag-row .badge').first();
  await expect(pill).toBeVisible();
  const { height, fontSize } = await pill.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    fontSize: Number.parseFloat(getComputedStyle(element).fontSize),
  }));
  // A line of text and its padding, not the row's 48 px.
  expect(height).toBeLessThan(fontSize * 2);
  expect(gridErrors).toEqual([]);
});

test('loading placeholders stand still for users who ask for less motion', async ({ page }) => {
  // The suite's pages ask for less motion (playwright.config.ts, web-180): first the screens as everyone else sees them.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/admin/sports');
  await expect(page.getByRole('main')).toBeVisible();
  // The placeholder as the loading screens draw it, measured as the browser styles it.
  const animation = () =>
    page.evaluate(() => {
      const line = document.createElement('div');
      line.className = 'skeleton__line';
      document.body.append(line);
      const name = getComputedStyle(line).animationName;
      line.remove();
      return name;
    });
  expect(await animation()).toBe('skeleton');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('none');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the language select shows its whole choice inside the window', async ({ page }) => {
    await page.goto('/admin/sports');
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect(language.locator('option:checked')).toHaveText('EN');
    const box = await language.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    // Nothing of the chosen text is cut off: the select is wider than its text.
    const fits = await language.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(select).font;
      probe.textContent = select.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const textWidth = probe.getBoundingClientRect().width;
      probe.remove();
      return select.clientWidth - textWidth;
    });
    expect(fits).toBeGreaterThan(16);
    await language.selectOption('nl');
    await expect(page.getByRole('heading', { name: 'Sporten' })).toBeVisible();
  });
});
