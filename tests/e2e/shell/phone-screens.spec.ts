import { expect, test, type Page } from '@playwright/test';
import { allSaved } from '../support/sync';
import { seedStorage, signIn } from '../support/session';
import { phoneWorkspace, WEEK } from './phone-fixtures';

// Issue 47, point 12: every signed-in screen on a touch phone 375 px wide. None scrolls
// sideways, and a toast never lies over the screen's content (on Track the "Submitted 2 logs"
// toast covered a log card).

test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

/** Waits until nothing in the page has changed for 400 ms (the screens fill in after a pull). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = setTimeout(done, 400);
        const cap = setTimeout(done, 5000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 400);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        function done() {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(cap);
          resolve();
        }
      }),
  );
}

/** How far the page reaches past the screen's right edge, and the elements that do it. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const edge = root.clientWidth;
    const beyond = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { by: root.scrollWidth - root.clientWidth, beyond };
  });

/**
 * What the toast lies over: each visible piece of content (text, a control, a card) whose box
 * meets the toast's. The toast's own parts and the boxes that hold it do not count.
 */
const underToast = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /Submitted|removed|Deleted/ })
    .evaluate((toast) => {
      const box = toast.getBoundingClientRect();
      const isContent = (el: Element) =>
        ['BUTTON', 'A', 'INPUT', 'SELECT', 'TEXTAREA', 'LI', 'IMG', 'TD', 'TH'].includes(
          el.tagName,
        ) || [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      return [...document.querySelectorAll('body *')]
        .filter((el) => !el.contains(toast) && !toast.contains(el) && isContent(el))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden')
            return false;
          const x = Math.min(r.right, box.right) - Math.max(r.left, box.left);
          const y = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
          return x > 0.5 && y > 0.5;
        })
        .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
    });

test('every signed-in screen fits a 375 px phone without scrolling sideways', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const { workspaces } = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string; memberId: string }[];
  };
  const [workspace] = workspaces;
  if (!workspace) throw new Error('The account has no workspace');
  await seedStorage(page, phoneWorkspace(workspace.memberId));
  // A draft invoice, so its screen has something to show.
  const made = await page.request.post('/api/invoices', {
    data: {
      workspaceId: workspace.id,
      clientId: 'c1',
      from: WEEK.from,
      to: WEEK.to,
      projectIds: ['p2'],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { invoice } = (await made.json()) as { invoice: { id: string } };

  // The sidebar's screens, as the menu offers them to an Admin, and the screens they open.
  await page.goto(`/login/?day=${WEEK.day}`);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'App' });
  for (const group of ['Reports', 'Clients', 'Team'])
    await menu.getByRole('button', { name: group, exact: true }).click();
  // The trial banner's "See Pro" leads to the public pricing page, checked with the public ones.
  const fromMenu = (
    await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))
  ).filter((path) => path !== '/pricing');
  expect(fromMenu).toEqual([
    '/login/',
    '/projects',
    '/allHours',
    '/reports/detailed',
    '/reports/dashboard',
    '/reports/pivot',
    '/reports/activity',
    '/reports/economy',
    '/reports/timesheet',
    '/audit',
    '/clients',
    '/invoices',
    '/uninvoiced',
    '/users',
    '/approvals',
    '/teams',
    '/app/help',
    '/app/apps',
    '/app/whatNew',
    '/accountSetting',
  ]);
  const screens = [
    ...fromMenu.map((path) => (path === '/login/' ? `/login/?day=${WEEK.day}` : path)),
    `/reports/timesheet?week=${WEEK.day}`,
    '/clients/new',
    '/clients/c1',
    '/users/new',
    '/users/m1',
    `/invoices/view?id=${invoice.id}`,
    '/app/help/quick-start-administrators',
  ];

  const wide: Record<string, unknown> = {};
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await allSaved(page);
    await settled(page);
    const overflow = await sidewaysOverflow(page);
    if (overflow.by > 0) wide[screen] = overflow;
  }
  expect(wide, 'screens wider than the phone').toEqual({});

  // The draft's line fields keep room to type (the Rate field was squeezed to two digits):
  // the lines scroll sideways in their own box instead.
  await page.goto(`/invoices/view?id=${invoice.id}`);
  const rate = page.getByRole('textbox', { name: /^Rate of / }).first();
  await expect(rate).toBeVisible();
  expect((await rate.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(88);
  expect((await sidewaysOverflow(page)).by).toBe(0);
});

test('on a phone the toast of Submit week pushes the log cards down instead of covering one', async ({
  page,
}) => {
  await signIn(page);
  const { workspaces } = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { memberId: string }[];
  };
  await seedStorage(page, phoneWorkspace(workspaces[0]?.memberId ?? ''));
  await page.goto(`/login/?day=${WEEK.day}`);
  const week = page.getByRole('region', { name: 'Approval of this week' });
  await expect(week).toContainText('2 logs to submit for approval');
  await week.getByRole('button', { name: 'Submit week' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Submitted 2 logs' });
  await expect(toast).toBeVisible();
  await expect(week).toContainText('2 logs submitted, waiting for review.');
  expect(await underToast(page)).toEqual([]);
  expect((await sidewaysOverflow(page)).by).toBe(0);
});

test('on a phone scrolled down Track, the toast of a removed log covers none of the cards in view', async ({
  page,
}) => {
  await signIn(page);
  const { workspaces } = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { memberId: string }[];
  };
  await seedStorage(page, phoneWorkspace(workspaces[0]?.memberId ?? ''));
  await page.goto(`/login/?day=${WEEK.day}`);
  const cards = page.getByRole('list', { name: 'Time logs of the day' }).getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await allSaved(page);
  await settled(page);
  // The third card at the top of the screen, as after scrolling down the day.
  await cards.nth(2).evaluate((card) => window.scrollBy(0, card.getBoundingClientRect().top));
  const inView = async () =>
    Promise.all([2, 3].map(async (n) => (await cards.nth(n).boundingBox())?.y ?? 0));
  const before = await inView();
  expect(before[0]).toBeLessThan(5);
  // The fifth card, in view below them, is removed: its toast must not hide the other two.
  await cards
    .nth(4)
    .getByRole('button', { name: /^Remove/ })
    .click();
  const toast = page.getByRole('status').filter({ hasText: 'Time log removed' });
  await expect(toast).toBeVisible();
  await expect(cards).toHaveCount(7);
  // The cards that were in view moved down below the toast instead of being covered by it.
  const box = await toast.boundingBox();
  const after = await inView();
  expect(after[0]).toBeGreaterThanOrEqual((box?.y ?? 0) + (box?.height ?? 999) - 1);
  expect(after.map((y, n) => Math.round(y - (before[n] ?? 0)))).toEqual([
    Math.round(box?.height ?? 0),
    Math.round(box?.height ?? 0),
  ]);
  // Closed, the toast takes nothing with it: the cards stay where the person sees them.
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
  expect(await inView()).toEqual(after);
});
