import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1000, height: 800 } });

test('the burger menu opens, closes on a link, on Escape, and when the window grows past 970 px', async ({
  page,
}) => {
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#mobile-menu');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  // Keyboard alone: focus the burger, open with Enter, choose a link.
  await burger.focus();
  await page.keyboard.press('Enter');
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.setViewportSize({ width: 1000 + 280, height: 800 });
  await expect(page.locator('#mobile-menu')).toBeHidden();
});

test('at phone width the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const route of ['/', '/pricing', '/support', '/terms', '/help']) {
    await page.goto(route);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, route).toBeLessThanOrEqual(0);
  }
});
