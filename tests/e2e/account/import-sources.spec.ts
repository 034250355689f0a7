import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Issue 33: one file of each source of part 2 through the screens, one after the other in one
// workspace: upload, preview, people, progress, result, axe-core clean. Figures as the server
// tests work them out from the same fixtures (tests/server/import-sources*.test.ts,
// import-structure.test.ts).

test.describe.configure({ mode: 'serial' });

const fixtures = 'tests/fixtures/import';

const figure = (page: Page, term: string) =>
  page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

/** tests/fixtures/import/toggl-account/ zipped as Toggl sends it: its files at the zip's top. */
function togglAccountZip(): Buffer {
  const root = `${fixtures}/toggl-account`;
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path);
    }
  };
  walk(root);
  return Buffer.from(zipSync(files));
}

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page);
});
test.afterAll(async () => page.close());

/** Opens the import section and chooses the file; the preview is shown. */
async function upload(file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/accountSetting');
  const field = page.getByLabel(/^File exported from/);
  await expect(field).toBeVisible({ timeout: 15_000 });
  await field.setInputFiles(file);
  await expect(page.getByRole('heading', { name: 'What this file holds' })).toBeVisible({
    timeout: 15_000,
  });
}

/** Starts the import with the button's words and waits for its result. */
async function run(fileName: string, button: string | RegExp, rows: number) {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { name: `Import of ${fileName}: Done` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('progressbar', { name: `Rows of ${fileName} done` })).toHaveAttribute(
    'aria-valuenow',
    String(rows),
  );
  await expectNoAxeViolations(page);
}

test('Clockify’s Detailed report: the date order chosen, its people mapped', async () => {
  test.setTimeout(90_000);
  await upload(`${fixtures}/clockify-detailed.csv`);
  await expect(page.getByText('Read as a Clockify Detailed report (CSV), UTF-8.')).toBeVisible();
  await expect(figure(page, 'Time logs to import')).toHaveText('5 logs');
  // 2:30:00 + 0:45:30 + 0:30:00 + 2:45:00 + 0:15:00
  await expect(figure(page, 'Total hours')).toHaveText('6:45:30');
  // Every date (10/05, 10/06, 10/07/2026) reads both ways: the person says which.
  const order = page.getByLabel('Order of the dates in the file');
  await order.selectOption('DD/MM/YYYY');
  await expect(page.getByLabel('Ana Novak (ana@studio.test)')).toHaveValue('new');
  await page.getByLabel('Bo Lindqvist (bo@studio.test)').selectOption({ label: 'Me' });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await run('clockify-detailed.csv', 'Start import of 5 logs', 5);
  await expect(figure(page, 'Time logs').first()).toHaveText('5 (6:45:30)');
});

test('Harvest’s Detailed time report with decimal commas', async () => {
  test.setTimeout(90_000);
  await upload(`${fixtures}/harvest-time-report-decimal-comma.csv`);
  await expect(figure(page, 'Time logs to import')).toHaveText('2 logs');
  // "2,5" h + "24,0" h
  await expect(figure(page, 'Total hours')).toHaveText('26:30:00');
  // 250,0 + 2.400,0
  await expect(page.getByText(/amounts add up to/)).toContainText('€2,650.00');
  // Harvest names people only: Ana Novak is the member the Clockify import created.
  await expect(page.getByLabel('Ana Novak')).toHaveValue(/./);
  await expectNoAxeViolations(page);
  await run('harvest-time-report-decimal-comma.csv', 'Start import of 2 logs', 2);
  await expect(figure(page, 'Time logs').first()).toHaveText('2 (26:30:00)');
});

test('Kimai’s Excel export', async () => {
  test.setTimeout(90_000);
  await upload(`${fixtures}/kimai-timesheet.xlsx`);
  await expect(page.getByText('Read as a Kimai timesheet export (Excel), XLSX.')).toBeVisible();
  await expect(figure(page, 'Time logs to import')).toHaveText('5 logs');
  // 2.5 h + 20 min + 0.5 h + 2.75 h + 2 h (a break taken off 10:00–12:30)
  await expect(figure(page, 'Total hours')).toHaveText('8:05:00');
  await expectNoAxeViolations(page);
  await run('kimai-timesheet.xlsx', 'Start import of 5 logs', 5);
  await expect(figure(page, 'Time logs').first()).toHaveText('5 (8:05:00)');
});

test('Toggl Track’s account export: clients, projects and tasks, no time', async () => {
  test.setTimeout(90_000);
  await upload({
    name: 'toggl-export.zip',
    mimeType: 'application/zip',
    buffer: togglAccountZip(),
  });
  await expect(page.getByText('No time in this file.')).toBeVisible();
  const records = page.getByRole('table', { name: 'Records the import creates and uses' });
  await expect(records.getByRole('row', { name: /^Clients/ })).toHaveText(
    'Clients20Acme GmbH, Old Client',
  );
  // Bo and Ana are team members by now (the Clockify and Harvest files made them).
  await expect(
    page.getByText('2 team members are put on the new projects, as in the file.'),
  ).toBeVisible();
  await expect(figure(page, 'Time logs to import')).toBeHidden();
  // No people to map: nobody's time comes with this file.
  await expect(page.getByRole('heading', { name: 'People', exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await run('toggl-export.zip', /^Start import of \d+ records$/, 8);
  await expect(figure(page, 'Clients').first()).toHaveText('Acme GmbH, Old Client');
});

test('Harvest’s projects CSV: only what is new is created', async () => {
  test.setTimeout(90_000);
  await upload(`${fixtures}/harvest-projects.csv`);
  await expect(page.getByText('No time in this file.')).toBeVisible();
  const records = page.getByRole('table', { name: 'Records the import creates and uses' });
  // Acme GmbH, Website relaunch and Internal came with Toggl's export.
  await expect(records.getByRole('row', { name: /^Clients/ })).toHaveText('Clients11Blue Fin Ltd');
  await expect(records.getByRole('row', { name: /^Projects/ })).toHaveText('Projects12Brand book');
  await expectNoAxeViolations(page);
  await run('harvest-projects.csv', 'Start import of 2 records', 5);
  await expect(figure(page, 'Projects').first()).toHaveText('Brand book');
});
