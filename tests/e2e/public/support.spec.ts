import { expect, test } from '@playwright/test';
import { mailFor } from '../support/mailbox';

test('the support form explains missing fields, then sends the message to the support address', async ({
  page,
}) => {
  await page.goto('/support');
  await expect(page.getByRole('link', { name: 'support@hourmark.app' })).toHaveAttribute(
    'href',
    'mailto:support@hourmark.app',
  );
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Write your message')).toBeVisible();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByLabel('Message')).toBeFocused();

  await page.getByLabel('Topic').selectOption('Something might be broken');
  const text = `The export button does nothing. ${Date.now()}`;
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Enter a valid email address/)).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email Address').fill('asha.support@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('alert').filter({ hasText: 'Sent' });
  await expect(sent).toContainText(
    'Your message reached support@hourmark.app. We reply to asha.support@example.com',
  );
  const mails = await mailFor('support@hourmark.app');
  const mail = mails.find((m) => m.text.includes(text));
  expect(mail?.subject).toBe('[Support] Something might be broken');
  await sent.getByRole('button', { name: 'Close' }).click();
  await expect(sent).toBeHidden();
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('a message the server does not take stays in the form, with the reason', async ({ page }) => {
  await page.route('/support/messages', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'rate_limited',
        message: 'Too many messages from this network. Try again in 2 minutes.',
      }),
    }),
  );
  await page.goto('/support');
  await page.getByLabel('Message').fill('Please call me back.');
  await page.getByLabel('Email Address').fill('ravi@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Not sent: Too many messages from this network. Try again in 2 minutes. Your message is still in the form.',
  );
  await expect(page.getByLabel('Message')).toHaveValue('Please call me back.');
});

test('the help centre search filters the articles as you type', async ({ page }) => {
  await page.goto('/help');
  const articles = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
  await expect(articles).toHaveCount(11);
  await page.getByLabel('Search the help centre').fill('stopwatch');
  await expect(articles.filter({ visible: true })).toHaveCount(1);
  await page.getByLabel('Search the help centre').fill('zzzz');
  await expect(page.getByText('No articles match your search.')).toBeVisible();
});
