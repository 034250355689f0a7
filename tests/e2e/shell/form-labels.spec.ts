import { expect, test, type Locator } from '@playwright/test';
import { signIn } from '../support/session';

// Issue 47, point 13: the log form, bulk edit and the team member form wrote their labels in
// capitals ("TEAM MEMBER"), so a screen reader shouted or spelled them out. They are words in
// the text and capitals on screen, drawn by CSS, as the SPEC shows them.

async function expectWordsInCapitals(form: Locator, names: string[]) {
  for (const name of names) {
    const label = form.locator('.field-label', { hasText: name }).first();
    await expect(label).toHaveText(name);
    await expect(label).toHaveCSS('text-transform', 'uppercase');
  }
  // No label is written in capitals in the page's text.
  for (const text of await form.locator('.field-label').allTextContents())
    expect(text.trim(), `label "${text}"`).not.toMatch(/^[A-Z][A-Z &]{3,}$/);
}

test('New time log and New team member name their fields in words, shown in capitals', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Add time log' }).click();
  const logForm = page.getByRole('form', { name: 'Add time log' });
  await expect(logForm.getByLabel('Task', { exact: true })).toBeVisible();
  await expect(logForm.getByLabel('Tags', { exact: true })).toBeVisible();
  await expectWordsInCapitals(logForm, ['Client & project', 'Task', 'Tags', 'Description']);
  await expect(logForm.locator('legend', { hasText: 'Time & date' })).toHaveCSS(
    'text-transform',
    'uppercase',
  );

  await page.goto('/users/new');
  const memberForm = page
    .locator('form')
    .filter({ has: page.getByLabel('Email', { exact: true }) });
  await expect(memberForm.getByLabel('Name', { exact: true })).toBeVisible();
  await expectWordsInCapitals(memberForm, ['Name', 'Email', 'Notes', 'Role']);
});
