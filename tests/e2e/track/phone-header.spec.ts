import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Issue 47, point 12, on a touch phone 375 px wide: Track's day buttons share one row with the
// date on the next (not "Next day" wrapped beside the date), no "Keyboard shortcuts" button
// (there is no keyboard), and nothing wider than the screen.

test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

test('Track on a touch phone: the day buttons in a row above the date, no shortcuts button', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/login');
  const previous = page.getByRole('button', { name: 'Previous day' });
  const next = page.getByRole('button', { name: 'Next day' });
  const date = page.getByLabel('Date', { exact: true });
  await expect(date).toBeVisible();
  const [p, n, d] = await Promise.all([previous, next, date].map((l) => l.boundingBox()));
  if (!p || !n || !d) throw new Error('the day header is not laid out');
  // One row for the three buttons; the date below them, across the row.
  expect(Math.abs(p.y - n.y)).toBeLessThan(2);
  expect(d.y).toBeGreaterThanOrEqual(n.y + n.height);
  expect(d.width).toBeGreaterThan(300);
  await expect(page.getByRole('button', { name: 'Add time log' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expectNoAxeViolations(page);
});
