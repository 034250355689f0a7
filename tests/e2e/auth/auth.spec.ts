import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mailbox';
import { newAccount, registerConfirmed, signIn } from '../support/session';

test('sign up, confirm the email from the mail, and land in the app signed in', async ({
  page,
}) => {
  const account = newAccount();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Hourmark' })).toBeVisible();
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Hashing with argon2id takes a moment on a busy CI machine.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('status')).toContainText(`Check ${account.email}`);
  await expectNoAxeViolations(page);

  const mail = await waitForMail(account.email);
  expect(mail.subject).toBe('Confirm your email to finish signing up to Hourmark');
  const link = /https?:\/\/\S+\/confirm-email#\S+/.exec(mail.text)?.[0] ?? '';
  await page.goto(link);
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Your Pro trial expires in 14 days/)).toBeVisible();
  // The link works once.
  const again = await page.request.post('/user/confirm-email', {
    data: { token: link.split('#')[1] },
  });
  expect(again.status()).toBe(400);

  // Neither the password nor the session secret is readable from page script.
  const readable = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
  expect(readable).not.toContain(account.password);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.httpOnly);
  expect(session, 'an HttpOnly session cookie').toBeDefined();
  expect(readable).not.toContain(session?.value.split('.').pop() ?? 'no-secret');
});

test('sign-up errors appear beside the fields; a taken email is answered like a new one and its owner is mailed', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Enter your full name')).toBeVisible();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');

  const account = newAccount();
  await registerConfirmed(page.request, account);
  await page.context().clearCookies();
  await page.getByLabel('Full Name').fill('Someone else');
  await page.getByLabel('Email address').fill(account.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('another password 9');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible({
    timeout: 15_000,
  });
  // The second mail to the address: the first was its own confirmation.
  const warning = await waitForMail(account.email, 2);
  expect(warning.subject).toBe('Someone tried to sign up to Hourmark with your email');
});

test('a wrong password is refused with a message and the button reads Login again', async ({
  page,
}) => {
  const account = newAccount();
  await registerConfirmed(page.request, account);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText(/incorrect|wrong|invalid/i);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('Remember me keeps only the email, and nothing when unticked', async ({ page }) => {
  const account = newAccount();
  await registerConfirmed(page.request, account);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Email address')).toHaveValue(account.email);
  await expect(page.getByLabel('Remember me')).toBeChecked();
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(
    account.password,
  );

  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  // Signing out first sends what is waiting, then shows the sign-in card.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Email address')).toHaveValue('');
});

test('logging out in one tab signs out the other', async ({ page, context }) => {
  await signIn(page);
  await page.goto('/allHours');
  const second = await context.newPage();
  await second.goto('/accountSetting');
  await expect(second.getByRole('navigation', { name: 'App' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(second.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(second.getByRole('navigation', { name: 'App' })).toBeHidden();
});

test('a signed-in route without a session asks to sign in, then shows that route', async ({
  page,
}) => {
  const account = newAccount();
  await registerConfirmed(page.request, account);
  await page.goto('/accountSetting');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account setting' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
});

test('a session the server no longer knows signs out cleanly', async ({ page }) => {
  await signIn(page);
  await page.context().clearCookies();
  await page.goto('/accountSetting');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('');
});

test('sign-in, sign-up and account screens have no axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/success');
  await expect(page.getByRole('heading', { name: 'Thank you for signing up' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page);
  await page.goto('/accountSetting');
  await expect(page.getByRole('heading', { level: 1, name: 'Account setting' })).toBeVisible();
  await expectNoAxeViolations(page);
});
