import { readFile } from 'node:fs/promises';
import { expect, loggedInTest as test } from './fixtures';

// The first demo organisation (decision 0105); `move seed` gives the three approved demo
// organisations of Move Demo paid orders in the previous month (decision 0925).
const organization = '/organizations/1b7dff1f-f891-596f-adf4-ba8350d1739d';

test.skip(Boolean(process.env.E2E_MOCK), 'the contract mock has no finances');

/** The month before this one in Amsterdam, as the screens write it: "October 2026". */
function previousMonthInWords(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: 'numeric' }).formatToParts(new Date());
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 2, 1)));
}

test('the previous month: its SEPA file and invoices are generated and downloaded, an invoice is credited', async ({ page }) => {
  // Four screens, two generations and three downloads.
  test.setTimeout(120_000);

  // Before the month's invoices: the organisation sees the seeded month and no invoices.
  // (Specs before this one may have sold in the current month: that month has a row too.)
  await page.goto(`${organization}/finances`);
  await expect(page.getByRole('heading', { name: 'Finances' })).toBeVisible();
  const months = page.getByRole('table').first();
  await expect(months.getByRole('row').filter({ hasText: previousMonthInWords() })).toHaveCount(1);
  await expect(months).toContainText('€');
  await expect(page.getByText('There are no invoices to download')).toBeVisible();

  // The SEPA file of the previous month pays the three organisations.
  await page.goto('/admin/sepas');
  await expect(page.getByRole('heading', { name: 'SEPA files' })).toBeVisible();
  await expect(page.getByText('There are no SEPA files yet')).toBeVisible();
  const month = await page.getByLabel('Month').inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  // Months are shown in words ("October 2026"), never as the API's YYYY-MM.
  const [year, monthNumber] = month.split('-').map(Number);
  const monthWords = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
  await page.getByRole('button', { name: 'Generate SEPA file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Generated' })).toBeVisible();
  const batch = page.locator('.ag-row').filter({ hasText: monthWords });
  await expect(batch).toHaveCount(1);
  await expect(batch).toContainText('3');
  const xmlDownload = page.waitForEvent('download');
  await batch.getByRole('button', { name: 'Download XML' }).click();
  const xmlFile = await xmlDownload;
  expect(xmlFile.suggestedFilename()).toBe(`sepa-${month}.xml`);
  const xml = await readFile((await xmlFile.path()) ?? '', 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
  expect(xml).toContain('<NbOfTxs>3</NbOfTxs>');
  // A batch is generated once; corrections go into the next month.
  await page.getByRole('button', { name: 'Generate SEPA file' }).click();
  await expect(page.getByText(/already generated/)).toBeVisible();

  // The month's invoices, one per organisation, numbered; one is credited.
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await page.getByRole('button', { name: 'Issue invoices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Generated' })).toBeVisible();
  const rows = page.locator('.ag-row');
  await expect(rows).toHaveCount(3);
  const first = rows.filter({ hasText: 'Sportclub Centrum' });
  const pdfDownload = page.waitForEvent('download');
  await first.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await readFile((await (await pdfDownload).path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await first.getByRole('button', { name: 'Credit' }).click();
  const dialog = page.getByRole('dialog', { name: /^Credit invoice / });
  await dialog.getByLabel('Reason').fill('Wrong month');
  await dialog.getByRole('button', { name: 'Credit' }).click();
  // A credit note is final: the question names the invoice's organisation and amount first.
  const question = page.getByRole('alertdialog', { name: /^Credit invoice .*\?$/ });
  await expect(question).toContainText('to Sportclub Centrum');
  await question.getByRole('button', { name: /^Credit €/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /Credit note for invoice .* to Sportclub Centrum issued: −€/ })).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Credit note' })).toHaveCount(1);

  // The organisation now finds its invoice and credit note, and what was transferred.
  await page.goto(`${organization}/finances`);
  await expect(page.locator('.ag-row')).toHaveCount(2);
  await expect(page.getByRole('table').nth(1)).toContainText(monthWords);
});
