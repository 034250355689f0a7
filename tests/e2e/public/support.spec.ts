import { expect, test } from '@playwright/test';

test('the support form explains missing fields, then shows a closeable Success!', async ({
  page,
}) => {
  await page.goto('/support');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Write your message')).toBeVisible();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByLabel('Message')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Success!' })).toBeHidden();

  await page.getByLabel('Topic').selectOption('Something might be broken');
  await page.getByLabel('Message').fill('The export button does nothing.');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Enter a valid email address/)).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email Address').fill('asha@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  const success = page.getByRole('alert').filter({ hasText: 'Success!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText('not sent');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('the help centre search filters the articles as you type', async ({ page }) => {
  await page.goto('/help');
  const articles = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
  await expect(articles).toHaveCount(6);
  await page.getByLabel('Search the help centre').fill('stopwatch');
  await expect(articles.filter({ visible: true })).toHaveCount(1);
  await page.getByLabel('Search the help centre').fill('zzzz');
  await expect(page.getByText('No articles match your search.')).toBeVisible();
});
