import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Issue 47, point 13: the rich-text editor of New time log and New team member, checked with
// the editor open: every toolbar button has a name, and nothing links to about:blank (Quill's
// snow theme builds a link tooltip this editor never uses).

async function expectNamedToolbar(page: Page) {
  const toolbar = page.getByRole('toolbar', { name: /formatting/ });
  await expect(toolbar).toBeVisible();
  for (const name of ['Bold', 'Italic', 'Heading 1', 'Heading 2', 'Normal text'])
    await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(toolbar.getByRole('button')).toHaveCount(5);
  await expect(page.locator('a[href="about:blank"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
}

test('the editor of New time log and New team member: named buttons, no about:blank, no axe violations', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Add time log' }).click();
  await expectNamedToolbar(page);

  await page.goto('/users/new');
  await expectNamedToolbar(page);
});
