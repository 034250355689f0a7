import { expect, test } from '@playwright/test';
import { togglFile } from '../../../scripts/bench/_toggl-file.mjs';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Issue 32: closing the browser does not stop an import. An Admin starts a generated Toggl file
// of 4,000 rows (several seconds of batches on the server), closes the page while the progress
// bar runs, and opens Account setting again in a new page: the import went on without it, and
// its result is shown there.

test('an import goes on when the page is closed, and Account setting shows its result later', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto('/accountSetting');
  const field = page.getByLabel('File exported from Toggl Track');
  await expect(field).toBeVisible({ timeout: 15_000 });
  const { bytes } = togglFile(4000) as { bytes: Buffer };
  await field.setInputFiles({ name: 'toggl-4000.csv', mimeType: 'text/csv', buffer: bytes });
  await page.getByRole('button', { name: 'Start import of 4000 logs' }).click({ timeout: 60_000 });
  const bar = page.getByRole('progressbar', { name: 'Rows of toggl-4000.csv done' });
  await expect(bar).toBeVisible({ timeout: 60_000 });
  // Still running when the page goes.
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(4000);
  await page.close();

  const again = await context.newPage();
  await again.goto('/accountSetting');
  await again
    .getByRole('button', { name: /^Open the import of toggl-4000\.csv/ })
    .click({ timeout: 15_000 });
  await expect(again.getByRole('heading', { name: 'Import of toggl-4000.csv: Done' })).toBeVisible({
    timeout: 180_000,
  });
  await expect(
    again.getByRole('progressbar', { name: 'Rows of toggl-4000.csv done' }),
  ).toHaveAttribute('aria-valuenow', '4000');
  await expect(
    again.locator('dt', { hasText: 'Time logs' }).locator('xpath=following-sibling::dd[1]').first(),
  ).toHaveText(/^4000 \(/);
  const history = again.getByRole('table', { name: 'Imports into this workspace' });
  await expect(history.getByRole('row', { name: /toggl-4000\.csv/ })).toContainText('Done');
  await expectNoAxeViolations(again);
});
