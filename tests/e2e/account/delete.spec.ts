import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';
import { invite, join, workspaceOf } from '../support/team';

test('the last Admin of a workspace others use cannot delete their account; someone who joined can', async ({
  page,
  browser,
}) => {
  const admin = await signIn(page);
  const email = `lee.${randomUUID().slice(0, 8)}@example.com`;
  await seedStorage(page, {
    Team: [
      {
        id: 'm-lee',
        name: 'Lee',
        email,
        LoborRate: 0,
        BillableRate: 0,
        Role: 'Normal',
        status: 'Active',
      },
    ],
  });
  await page.goto('/accountSetting');
  const member = await join(browser, await invite(page, await workspaceOf(page), 'm-lee'), {
    name: 'Lee',
  });

  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('list', { name: 'Your workspaces' })).toContainText(
    `${admin.name}'s workspace: you are its last Admin and 1 other person uses it. Make one of them Admin on Team members first, or delete it.`,
  );
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  // Choosing to delete the workspace too is the other way out (the server test deletes it).
  const alsoDelete = dialog.getByLabel(
    `Delete ${admin.name}'s workspace too, with every member's time in it`,
  );
  await alsoDelete.check();
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  await alsoDelete.uncheck();
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await member.goto('/accountSetting');
  await member.getByRole('button', { name: 'Delete account…' }).click();
  const theirs = member.getByRole('dialog', { name: 'Delete your account?' });
  await expect(theirs.getByRole('list', { name: 'Your workspaces' })).toContainText(
    `${admin.name}'s workspace: you leave it; its records stay with the team.`,
  );
  await theirs.getByLabel('Password').fill('a good password');
  await theirs.getByRole('button', { name: 'Delete my account' }).click();
  await expect(member).toHaveURL(/\/$/);

  // Lee is gone, so the workspace is Ada's alone: it would go with her account.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete account…' }).click();
  await expect(dialog.getByRole('list', { name: 'Your workspaces' })).toContainText(
    `${admin.name}'s workspace: deleted with your account, with all its records (no one else is in it).`,
  );
});
