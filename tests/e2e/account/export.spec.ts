import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedStorage, signIn } from '../support/session';
import { agency } from '../track/fixtures';

test('Export my data downloads every list kept in this browser as JSON', async ({ page }) => {
  await seedStorage(page, agency);
  await signIn(page);
  await page.goto('/accountSetting');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hourmark-export-\d{4}-\d{2}-\d{2}\.json$/);
  const snapshot = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<
    string,
    unknown
  >;
  expect(JSON.stringify(snapshot)).toContain('Acme Ltd');
  expect(JSON.stringify(snapshot)).toContain('Website');
  expect(JSON.stringify(snapshot)).not.toContain('password');
});
