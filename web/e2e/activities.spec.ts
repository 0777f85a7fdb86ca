import { execFileSync } from 'node:child_process';
import { expect, loggedInTest as test } from './fixtures';

// The demo organisation `move seed` creates in move-demo (decision 0105).
const ORGANIZATION = '1b7dff1f-f891-596f-adf4-ba8350d1739d';

/** The Monday at least a week from now, as YYYY-MM-DD. */
function nextMonday(): string {
  const date = new Date();
  date.setDate(date.getDate() + 7 + ((8 - date.getDay()) % 7));
  return date.toISOString().slice(0, 10);
}

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('an activity with a question and a weekly series: edit one, edit all later with the impact, export sessions.xlsx', async ({
  page,
}) => {
  // A long walk through many screens, on a machine that may be busy.
  test.setTimeout(180_000);
  const name = `E2E yoga ${Date.now()}`;
  const monday = nextMonday();

  await page.goto(`/organizations/${ORGANIZATION}/activities/create`);
  await expect(page.getByRole('heading', { name: 'New activity' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // A question with choices.
  await page.getByRole('link', { name: 'Questions', exact: true }).click();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('T-shirt size');
  await page.getByLabel('Answer type').selectOption('single_select');
  await page.getByLabel('Options (one per line)').fill('S\nM\nL');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // A weekly series on Mondays for eight weeks: the preview shows its nine dates.
  await page.getByRole('link', { name: 'Sessions', exact: true }).click();
  await page.getByRole('button', { name: 'New session or series' }).click();
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(monday);
  // Our own 24-hour time field (an English browser's native one shows AM/PM): it takes
  // "1900" and "20.00" and shows them as 19:00 and 20:00 once left.
  const start = page.getByRole('textbox', { name: 'Start', exact: true });
  await expect(start).toHaveAttribute('type', 'text');
  await start.fill('1900');
  await page.getByRole('textbox', { name: 'End', exact: true }).fill('20.00');
  await expect(start).toHaveValue('19:00');
  await page.getByRole('spinbutton', { name: 'Spots', exact: true }).fill('12');
  await expect(page.getByRole('textbox', { name: 'End', exact: true })).toHaveValue('20:00');
  await page.getByLabel('Repeat', { exact: true }).check();
  // The rule reads as a sentence: "Every [1] [week] on [Mon] … until [date]", the days as chips.
  const rule = page.getByRole('group', { name: 'Repetition' });
  await expect(rule.getByRole('spinbutton', { name: 'Every how many' })).toHaveValue('1');
  const monChip = rule.getByRole('button', { name: 'Mon', exact: true });
  await expect(monChip).toHaveAttribute('aria-pressed', 'false');
  await monChip.click();
  await expect(monChip).toHaveAttribute('aria-pressed', 'true');
  await rule.getByLabel('Repeat until').fill(plusDays(monday, 56));
  await expect(page.getByTestId('series-sentence')).toContainText('Every week on Mon until');
  await expect(page.getByTestId('series-preview')).toContainText('9 sessions, in Dutch time');
  await page.getByRole('button', { name: 'Save' }).click();
  const sessions = page.getByTestId('agenda-session');
  await expect(sessions).toHaveCount(9);

  // Only this one: the second session an hour earlier.
  await sessions.nth(1).click();
  // The session opens on its participants; its values are folded below them.
  await page.getByText('Edit this session', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Start', exact: true }).fill('18:00');
  await page.getByRole('textbox', { name: 'End', exact: true }).fill('19:00');
  await page.getByRole('button', { name: 'Save' }).click();
  // The safe choice is the primary and has the focus: Enter changes this session only.
  const onlyThis = page.getByRole('dialog').getByRole('button', { name: 'Only this one' });
  await expect(onlyThis).toBeFocused();
  await expect(onlyThis).toHaveClass(/button--primary/);
  await page.keyboard.press('Enter');
  await expect(sessions).toHaveCount(9);
  await expect(sessions.nth(1)).toContainText('18:00–19:00');
  await expect(sessions.nth(1)).toContainText('changed');

  // This and all later: from the fifth session on at 20:00; the impact comes first. The
  // split moves the session into a new series (new ids): nothing may re-read the old one.
  const gone: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && /\/v1\/admin\/sessions\//.test(response.url())) gone.push(response.url());
  });
  await sessions.nth(4).click();
  await page.getByText('Edit this session', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Start', exact: true }).fill('20:00');
  await page.getByRole('textbox', { name: 'End', exact: true }).fill('21:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'This and all later ones' }).click();
  await expect(page.getByTestId('impact')).toContainText('5 moved, 0 changed, 0 removed, 0 added');
  await expect(page.getByTestId('impact')).toContainText('They hold 0 booked participants (0 in removed sessions) and 0 on waiting lists');
  await page.getByRole('button', { name: 'Apply to this and all later ones' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(sessions).toHaveCount(9);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(gone).toEqual([]);
  await expect(sessions.nth(3)).toContainText('19:00–20:00');
  await expect(sessions.nth(4)).toContainText('20:00–21:00');
  await expect(sessions.nth(8)).toContainText('20:00–21:00');

  // Deleting asks first, saying what would go and whom those sessions hold; cancelled here.
  await sessions.nth(6).click();
  await page.getByText('Edit this session', { exact: true }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('delete-impact-this')).toContainText('it holds 0 booked participants and 0 on the waiting list');
  await expect(page.getByTestId('delete-impact-following')).toContainText('This and all later: 3 sessions holding 0 booked participants');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await page.goBack();
  await expect(sessions).toHaveCount(9);

  // The application's sessions, exported; the workbook opens and lists them.
  await page.goto('/application/activities/sessions');
  await page.getByLabel('From').fill(monday);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export sessions.xlsx' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sessions.xlsx');
  const path = await file.path();
  // The stream writer stores text inline in the sheet.
  const sheet = execFileSync('unzip', ['-p', path, 'xl/worksheets/sheet1.xml']).toString();
  expect(sheet).toContain(name);
  expect(sheet.match(new RegExp(name, 'g'))).toHaveLength(9);
});
