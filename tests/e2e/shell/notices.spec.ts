import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mailbox';
import { signIn } from '../support/session';
import { join } from '../support/team';

// The bell (issue 31): an Admin whose invitation is accepted sees it under the bell, with the
// unread count, marks it read by keyboard, and chooses where such news goes on Account setting.

test('the bell counts an unread notice, lists it, marks it read, and the settings choose its channel', async ({
  page,
  browser,
}) => {
  const admin = await signIn(page);
  const memberId = `m-${randomUUID().slice(0, 8)}`;
  const email = `nia.${memberId}@example.com`;
  await page.goto('/users/new');
  await page.getByLabel('Name').fill('Nia Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Invite' }).click();
  const panel = page.getByRole('region', { name: 'Invitation for Nia Rao' });
  const link = await panel.getByLabel('Invitation link').inputValue();
  const joined = await join(browser, link, { name: 'Nia Rao' });
  await joined.context().close();

  // The Admin's mail about it, with the one-click unsubscribe headers' link in the text.
  const mail = await waitForMail(admin.email.toLowerCase(), 2);
  expect(mail.subject).toBe(`Nia Rao joined ${admin.name}'s workspace`);
  expect(mail.text).toMatch(/Stop these mails: http:\/\/\S+\/user\/unsubscribe\?token=/);

  await page.goto('/login');
  const bell = page.getByRole('button', { name: /^Notices\s*1 unread$/ });
  await expect(bell).toBeVisible();
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('list', { name: 'Your notices' });
  await expect(
    list.getByRole('link', { name: `Nia Rao joined ${admin.name}'s workspace` }),
  ).toHaveAttribute('href', '/users');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('button', { name: `Mark read: Nia Rao joined ${admin.name}'s workspace` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Notices$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark read/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Notice settings' }).click();
  const settings = page.getByRole('region', { name: 'Notices' });
  const joins = settings.getByLabel('Someone I invited joins');
  await expect(joins).toHaveValue('mail');
  await joins.selectOption('off');
  await expect(joins).toHaveValue('off');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notices' }).getByLabel('Someone I invited joins'),
  ).toHaveValue('off');

  // Turned off: the next person who joins makes no notice.
  await page.goto('/users/new');
  await page.getByLabel('Name').fill('Omar Sen');
  await page.getByLabel('Email').fill(`omar.${memberId}@example.com`);
  await page.getByRole('button', { name: 'Invite' }).click();
  const second = await page
    .getByRole('region', { name: 'Invitation for Omar Sen' })
    .getByLabel('Invitation link')
    .inputValue();
  const omar = await join(browser, second, { name: 'Omar Sen' });
  await omar.context().close();
  const res = await page.request.get('/user/notices');
  const body = (await res.json()) as { notices: { title: string }[]; unread: number };
  expect(body.notices.map((n) => n.title)).toEqual([`Nia Rao joined ${admin.name}'s workspace`]);
  expect(body.unread).toBe(0);
});
