import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { fromOwnAddress } from '../support/addresses';
import { waitForMail } from '../support/mailbox';
import { signIn } from '../support/session';

test('an Admin invites a new team member, who joins through the mailed link and is listed as signed in', async ({
  page,
  browser,
}) => {
  const admin = await signIn(page);
  const email = `nia.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/users/new');
  await page.getByLabel('Name').fill('Nia Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation ready' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Invitation for Nia Rao' });
  await expect(panel).toContainText(`We mailed it to ${email}.`);
  const link = await panel.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/invite#/);
  await expect(page.getByRole('row', { name: /Nia Rao/ })).toContainText(/Invited, until/);
  await expectNoAxeViolations(page);

  const mail = await waitForMail(email);
  expect(mail.subject).toBe(`${admin.name} invited you to ${admin.name}'s workspace on Hourmark`);
  expect(mail.text).toContain(link);

  const invitee = await browser.newContext({ extraHTTPHeaders: fromOwnAddress() });
  const joining = await invitee.newPage();
  await joining.goto(link);
  await expect(
    joining.getByRole('heading', { level: 1, name: `Join ${admin.name}'s workspace` }),
  ).toBeVisible();
  await expect(joining.getByText(`${admin.name} invited ${email}`)).toBeVisible();
  await expectNoAxeViolations(joining);
  // The form starts with the name the Admin typed (issue 47); an empty name is still refused.
  await expect(joining.getByLabel('Full Name')).toHaveValue('Nia Rao');
  await joining.getByLabel('Full Name').fill('');
  await joining.getByRole('button', { name: 'Create account and join' }).click();
  await expect(joining.getByText('Enter your full name')).toBeVisible();
  await joining.getByLabel('Full Name').fill('Nia Rao');
  await joining.getByLabel('Password').fill('a good password');
  await joining.getByRole('button', { name: 'Create account and join' }).click();
  // Track opens on the workspace she joined.
  await expect(joining).toHaveURL(/\/login/);
  await expect(joining.getByText(`${admin.name}'s workspace`).first()).toBeVisible();
  await invitee.close();

  await page.reload();
  await expect(page.getByRole('row', { name: /Nia Rao/ })).toContainText('Signed in');
  // She joined only through this workspace, so her Admin may make her a password-reset link.
  await page.getByRole('button', { name: 'Actions for Nia Rao' }).click();
  await page.getByRole('menuitem', { name: 'Create password reset link' }).click();
  const reset = page.getByRole('region', { name: 'Password reset link for Nia Rao' });
  await expect(reset).toContainText('We mailed it to them too.');
  const resetUrl = await reset.getByLabel('Password reset link').inputValue();
  expect(resetUrl).toMatch(/\/reset-password#/);
  // Her second mail, after the invitation.
  const resetMail = await waitForMail(email, 2);
  expect(resetMail.subject).toBe('Choose a new password for Hourmark');
  expect(resetMail.text).toContain(resetUrl);
  await expectNoAxeViolations(page);
  // The link works once.
  const again = await browser.newContext();
  const reopened = await again.newPage();
  await reopened.goto(link);
  await expect(reopened.getByRole('status')).toHaveText(
    'This invitation has already been accepted. Sign in to open the workspace.',
  );
  await again.close();
});

test('Revoke stops a pending invitation', async ({ page, browser }) => {
  await signIn(page);
  const email = `raj.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/users/new');
  await page.getByLabel('Name').fill('Raj');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Invite' }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  await page.getByRole('button', { name: 'Actions for Raj' }).click();
  await page.getByRole('menuitem', { name: 'Revoke invitation' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The invitation for Raj no longer works.' }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Raj/ })).toContainText('Not invited');
  const other = await browser.newContext();
  const opened = await other.newPage();
  await opened.goto(link);
  await expect(opened.getByRole('status')).toHaveText(
    'This invitation was withdrawn. Ask your administrator if you should have access.',
  );
  await other.close();
});
