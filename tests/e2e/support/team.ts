import { expect, type Browser, type Page } from '@playwright/test';
import { fromOwnAddress } from './addresses';

// A team in the browser: an Admin invites a team-member record, the invited person joins.

/** The invited person creates an account through the link and lands on Track. */
export async function join(browser: Browser, link: string, who: { name: string }): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: fromOwnAddress() });
  const page = await context.newPage();
  // The link's secret is in its fragment; the test server's own address opens it.
  await page.goto(`/invite${new URL(link).hash}`);
  await page.getByLabel('Full Name').fill(who.name);
  await page.getByLabel('Password').fill('a good password');
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).toHaveURL(/\/login/);
  return page;
}

export const workspaceOf = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('hm.cacheOwner') ?? '{}') as { workspaceId: string })
        .workspaceId,
  );

export async function invite(admin: Page, workspaceId: string, memberId: string): Promise<string> {
  const res = await admin.request.post('/sync/invitations', { data: { workspaceId, memberId } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { link: string }).link;
}
