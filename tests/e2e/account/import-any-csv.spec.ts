import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Issue 33, Any CSV: an Admin uploads a time sheet no known source recognises
// (tests/fixtures/import/any-csv-zeiten-maerz.csv, the file tests/server/import-any-csv.test.ts
// checks), maps its columns with the keyboard, sees its first rows as they would import, and
// imports it; the April file, the same columns in another order, comes with the mapping filled
// in. axe-core clean at 1280 and 375 px.

const march = 'tests/fixtures/import/any-csv-zeiten-maerz.csv';
const april = 'tests/fixtures/import/any-csv-zeiten-april.csv';

const figure = (page: Page, term: string) =>
  page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Chooses the `steps`-th column of a field's select with the arrow key, as a keyboard does. */
async function chooseByKeyboard(select: Locator, steps: number) {
  await select.focus();
  for (let i = 0; i < steps; i += 1) await select.press('ArrowDown');
}

test('an Admin maps an unknown CSV’s columns, imports it, and the next file of its shape is recognised', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/accountSetting');
  const field = page.getByLabel('File exported from Toggl Track');
  await expect(field).toBeVisible({ timeout: 15_000 });
  await field.setInputFiles(march);

  const form = page.getByRole('region', { name: 'Which column is what' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('status')).toHaveText(
    'Choose the date, and a duration or a start and an end time, to see the first rows.',
  );
  await axeAtBothWidths(page);

  // Columns: Datum, Beginn, Ende, Projekt, Tätigkeit, Stunden (after "Not in this file").
  await chooseByKeyboard(form.getByLabel('Date', { exact: true }), 1);
  await chooseByKeyboard(form.getByLabel('Start time', { exact: true }), 2);
  await chooseByKeyboard(form.getByLabel('Duration', { exact: true }), 6);
  await chooseByKeyboard(form.getByLabel('Project', { exact: true }), 4);
  await chooseByKeyboard(form.getByLabel('Task', { exact: true }), 5);
  await expect(form.getByLabel('Duration', { exact: true })).toHaveValue('Stunden');

  // The first five rows as they would import: 2,5 h is 2:30:00; lines 5 and 6 are refused.
  await expect(form.getByRole('status')).toHaveText('3 rows can be imported, 2 cannot.');
  const rows = form.getByRole('region', { name: 'The first rows as they would import' });
  await expect(rows.getByRole('row', { name: /^2 / })).toHaveText(
    /^22026-03-0309:002:30:00.*Website RedesignEntwurfYes$/,
  );
  await expect(rows.getByRole('row', { name: /^4 / })).toContainText('2026-03-0422:302:45:00');
  await expect(rows.getByRole('row', { name: /^6 / })).toHaveText(
    '6Not imported: Date “31.02.2026” is not a date in the order DD.MM.YYYY.',
  );
  await expect(figure(page, 'Time logs to import')).toHaveText('3 logs');
  // 2.5 h + 0.75 h + 2.75 h
  await expect(figure(page, 'Total hours')).toHaveText('6:00:00');
  await axeAtBothWidths(page);

  await page.getByRole('button', { name: 'Start import of 3 logs' }).click();
  await expect(
    page.getByRole('heading', { name: 'Import of any-csv-zeiten-maerz.csv: Done' }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(figure(page, 'Time logs').first()).toHaveText('3 (6:00:00)');

  // The April file has the same columns in another order: its mapping is filled in.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('File exported from Toggl Track').setInputFiles(april);
  await expect(form.getByText(/^A file with these columns was imported before/)).toBeVisible();
  await expect(form.getByLabel('Duration', { exact: true })).toHaveValue('Stunden');
  await expect(form.getByRole('status')).toHaveText('2 rows can be imported, 0 cannot.');
  // 1,25 h + 3 h
  await expect(figure(page, 'Total hours')).toHaveText('4:15:00');
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: 'Start import of 2 logs' }).click();
  await expect(
    page.getByRole('heading', { name: 'Import of any-csv-zeiten-april.csv: Done' }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(figure(page, 'Time logs').first()).toHaveText('2 (4:15:00)');
});
