import { expect, test } from '@playwright/test';
import { seedStorage, signIn } from '../support/session';

test('a corrupt time-log list opens the screen with a notice and keeps the original aside', async ({
  page,
}) => {
  await seedStorage(page, { taskData: '[{"dur": "lots"}, {"broken' });
  await signIn(page);
  await page.goto('/login/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be read' })).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('taskData.corrupt.'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual(['[{"dur": "lots"}, {"broken']);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/^hourmark-export-\d{4}-\d{2}-\d{2}\.json$/);
});

test('a bad value is copied aside once, however many screens load it, and the notice says where', async ({
  page,
}) => {
  const raw = '[{"dur": "lots"}, {"broken';
  await seedStorage(page, { taskData: raw });
  await signIn(page);
  // Kept from sync, whose first pull would replace the bad value with the server's logs.
  await page.route('**/sync/**', (route) => route.abort());
  const notice = page.getByRole('alert').filter({ hasText: 'could not be read' });
  for (const path of ['/login/', '/allHours', '/projects', '/users', '/login/', '/allHours']) {
    await page.goto(path);
    await expect(notice).toBeVisible();
  }
  const copies = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('taskData.corrupt.')),
  );
  expect(copies).toHaveLength(1);
  expect(copies[0]).toMatch(/^taskData\.corrupt\.[0-9a-z]+$/);
  await expect(notice).toContainText(`kept under "${copies[0]}"`);
  expect(await page.evaluate((key) => localStorage.getItem(key), copies[0] ?? '')).toBe(raw);
});
