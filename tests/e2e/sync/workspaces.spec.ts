import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';
import { agency } from '../track/fixtures';
import { allSaved } from '../support/sync';

// A person can hold more than one workspace: the sidebar names the open one and switches.

const menu = (page: Page) => page.getByRole('button', { name: /^Workspace: / });
const clientRows = (page: Page) => page.getByRole('row', { name: /Acme Ltd/ });

test('a new workspace opens empty; switching back brings the first one’s records, in every tab', async ({
  page,
  context,
}) => {
  await seedStorage(page, agency);
  const account = await signIn(page);
  await page.goto('/clients');
  await allSaved(page);
  await expect(clientRows(page)).toHaveCount(1);
  const other = await context.newPage();
  await other.goto('/projects');
  await expect(other.getByRole('row', { name: /^Website/ })).toBeVisible();

  await menu(page).click();
  await expect(page.getByRole('list', { name: 'Your workspaces' })).toContainText(
    `${account.name}'s workspace · Admin · open`,
  );
  await expectNoAxeViolations(page);
  // The name is checked beside the field.
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByText('Name the workspace')).toBeVisible();
  await page.getByLabel('New workspace name').fill('Side studio');
  await page.getByRole('button', { name: 'Create workspace' }).click();

  await expect(menu(page)).toHaveText('Workspace: Side studio▸');
  await allSaved(page);
  await expect(page.getByText('No Clients found.')).toBeVisible();
  // The other tab follows.
  await expect(menu(other)).toHaveText('Workspace: Side studio▸');
  await expect(other.getByRole('row', { name: /^Website/ })).toHaveCount(0);

  await menu(page).click();
  await page.getByRole('button', { name: new RegExp(`^${account.name}'s workspace`) }).click();
  await expect(menu(page)).toHaveText(`Workspace: ${account.name}'s workspace▸`);
  await expect(clientRows(page)).toHaveCount(1);
  await expect(other.getByRole('row', { name: /^Website/ })).toBeVisible();
});

test('switching waits while changes cannot reach the server', async ({ page }) => {
  await seedStorage(page, agency);
  const account = await signIn(page);
  await page.goto('/clients');
  await allSaved(page);
  await page.route('**/sync/push', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Actions for Acme Ltd' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await menu(page).click();
  await page.getByLabel('New workspace name').fill('Elsewhere');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('alert')).toContainText(
    '1 change has not reached the server yet. Open another workspace once it has been saved.',
  );
  await expect(menu(page)).toHaveText(`Workspace: ${account.name}'s workspace▾`);
});
