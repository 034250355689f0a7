import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { allSaved } from '../support/sync';

/** Records the original app left in this browser: no ids, no dates, no owner marker. */
const original = {
  clients: [
    {
      id: 'old-c1',
      name: 'Old client',
      contactPerson: '',
      email: 'old@client.test',
      phone: '',
      address: '',
      taxName: '',
      taxPercentage: null,
      taxNumber: '',
      status: 'Active',
    },
  ],
  taskData: [
    {
      client: '',
      task: '',
      tags: 'x',
      desc: '<p>From before</p>',
      dur: 600,
      st: 0,
      end: 0,
      exp: 0,
    },
    {
      client: '',
      task: '',
      tags: 'y',
      desc: '<p>Also before</p>',
      dur: 1200,
      st: 0,
      end: 0,
      exp: 0,
    },
  ],
};

async function leaveOriginalData(page: Page) {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('original-seeded')) return;
    sessionStorage.setItem('original-seeded', '1');
    for (const [key, value] of Object.entries(entries))
      localStorage.setItem(key, JSON.stringify(value));
  }, original);
}

test('data found from before sync is offered at the first sign-in, added once, and a retry duplicates nothing', async ({
  page,
}) => {
  await leaveOriginalData(page);
  await signIn(page);
  await page.goto('/allHours');
  const offer = page.getByRole('region', { name: /We found/ });
  await expect(offer).toHaveAccessibleName(
    /^We found 1 client and 2 time logs in this browser\. Add them to .+’s workspace\?$|^We found 1 client and 2 time logs in this browser\. Add them to .+'s workspace\?$/,
  );
  // Until the person answers, the screen shows the workspace's own (empty) records.
  await expect(page.getByText('From before')).toHaveCount(0);
  await offer.getByRole('button', { name: 'Add them' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByText('From before')).toBeVisible();
  await allSaved(page);

  // The same data found again (an upload retried) adds nothing twice.
  await page.evaluate(
    (entries) => {
      localStorage.setItem('hm.legacyData', JSON.stringify(entries));
    },
    {
      clients: original.clients,
      projects: [],
      tasks: [],
      members: [],
      logs: original.taskData.map((l, i) => ({
        ...l,
        id: `legacy-${i}`,
        date: '',
        client: '',
        projectId: null,
        taskId: null,
        memberId: null,
        status: 'approved',
      })),
    },
  );
  await page.reload();
  await page
    .getByRole('region', { name: /We found/ })
    .getByRole('button', { name: 'Add them' })
    .click();
  await allSaved(page);
  await page.reload();
  await expect(page.getByText('From before')).toHaveCount(1);
  await expect(page.getByText('Also before')).toHaveCount(1);
  await page.goto('/clients');
  await expect(page.getByRole('row', { name: /Old client/ })).toHaveCount(1);
});
