import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { pushRecords, seedStorage, signIn } from '../support/session';
import { answerDialogs, fillStorage, freeStorage } from '../support/storage';
import { agency } from '../track/fixtures';

const rows = (page: Page) => page.getByRole('table').getByRole('row');

test.beforeEach(async ({ page }) => {
  await seedStorage(page, {
    ...agency,
    clients: [
      ...agency.clients,
      {
        id: 'c2',
        name: 'Zenith Co',
        contactPerson: 'Meera',
        email: 'meera@zenith.test',
        phone: '+91 0044',
        address: '',
        taxName: '',
        taxPercentage: null,
        taxNumber: '',
        status: 'Active',
      },
      {
        id: 'c3',
        name: 'Old Partner',
        contactPerson: 'Bob',
        email: 'bob@old.test',
        phone: '',
        address: '',
        taxName: '',
        taxPercentage: null,
        taxNumber: '',
        status: 'Archived',
      },
    ],
  });
  await signIn(page);
});

test('a new client is validated beside its fields, saved and listed', async ({ page }) => {
  await page.goto('/clients');
  await page.getByRole('link', { name: 'New Client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New client' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the client name')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill('acme ltd');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Tax percentage').fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('An active client already has this name')).toBeVisible();
  await expect(page.getByText(/Enter a valid email address/)).toBeVisible();
  await expect(page.getByText('Enter a percentage from 0 to 100')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Nova Studio');
  await page.getByLabel('Contact person').fill('Ira');
  await page.getByLabel('Email').fill('ira@nova.test');
  await page.getByLabel('Phone').fill('+44 020 7946 0000');
  await page.getByLabel('Address').fill('1 Road\nLondon');
  await page.getByLabel('Tax percentage').fill('18');
  await page.getByLabel('Tax number').fill('007123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  const row = page.getByRole('row', { name: /Nova Studio/ });
  await expect(row).toContainText('Ira');
  await expect(row).toContainText('+44 020 7946 0000');

  // Editing opens with every value, leading zeros and + intact.
  await row.getByRole('link', { name: 'Nova Studio' }).click();
  await expect(page.getByLabel('Tax number')).toHaveValue('007123');
  await expect(page.getByLabel('Address')).toHaveValue('1 Road\nLondon');
  await page.getByLabel('Contact person').fill('Ira Shah');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Nova Studio/ })).toContainText('Ira Shah');
});

test('Cancel leaves without saving, and an unknown id says so', async ({ page }) => {
  await page.goto('/clients/c1');
  await page.getByLabel('Contact person').fill('Changed');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: /Acme Ltd/ })).toContainText('Ravi');
  await page.goto('/clients/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Client not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
});

test('search filters as you type and says when nothing matches', async ({ page }) => {
  await page.goto('/clients');
  await expect(rows(page)).toHaveCount(3); // header + 2 active
  await page.keyboard.press('/');
  await page.keyboard.type('zen');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Zenith Co/ })).toBeVisible();
  await page.getByRole('searchbox').fill('nothing like this');
  await expect(page.getByText('No Clients found.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox')).toHaveValue('nothing like this');
});

test('archive, find it under Archived, restore it', async ({ page }) => {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Actions for Zenith Co' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByRole('row', { name: /Zenith Co/ })).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Archived' }).click();
  await expect(page.getByRole('row', { name: /Zenith Co/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Old Partner/ })).toBeVisible();
  await expect(page).toHaveURL(/status=Archived/);
  await page.getByRole('button', { name: 'Actions for Zenith Co' }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByRole('row', { name: /Zenith Co/ })).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(page.getByRole('row', { name: /Zenith Co/ })).toBeVisible();
});

test("an archived client's projects are not offered on Track; their logs keep their label", async ({
  page,
}) => {
  await pushRecords(page, {
    taskData: [
      {
        id: 'l1',
        date: '2026-03-10',
        client: 'Acme Ltd / Website',
        projectId: 'p1',
        task: 'Design',
        taskId: 't1',
        tags: 'ui',
        desc: '<p>Mock-ups</p>',
        dur: 3600,
        exp: 0,
      },
    ],
  });
  await page.goto('/clients');
  const setAcme = async (action: 'Archive' | 'Restore') => {
    await page.goto(`/clients?status=${action === 'Archive' ? 'Active' : 'Archived'}`);
    await page.getByRole('button', { name: 'Actions for Acme Ltd' }).click();
    await page.getByRole('menuitem', { name: action }).click();
    await expect(page.getByRole('row', { name: /Acme Ltd/ })).toBeHidden();
  };
  const offerFor = async (text: string) => {
    await page.goto('/login/?day=2026-03-10');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
      /^Acme Ltd \/ Website · Design/,
    ]);
    await page.getByRole('button', { name: 'Add time log' }).click();
    await page.getByLabel('Client & project').fill(text);
  };

  await setAcme('Archive');
  await offerFor('web');
  await expect(
    page.getByText('No project matches. Create projects on the Projects screen.'),
  ).toBeVisible();
  await expect(page.getByRole('listbox').getByRole('option', { name: 'Website' })).toHaveCount(0);

  await setAcme('Restore');
  await offerFor('web');
  await expect(page.getByRole('listbox').getByRole('option', { name: 'Website' })).toBeVisible();
});

test('sorting by contact person is kept after a reload', async ({ page }) => {
  await page.goto('/clients');
  await page.getByRole('button', { name: /Contact person/i }).click();
  await expect(page.getByRole('columnheader', { name: /Contact person/i })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await page.getByRole('button', { name: /Contact person/i }).click();
  await expect(page.getByRole('columnheader', { name: /Contact person/i })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /Contact person/i })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Ravi after Meera descending: Acme (Ravi) first.
  await expect(rows(page).nth(1)).toContainText('Acme Ltd');
});

test('delete asks first, names the projects, and can be undone', async ({ page }) => {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Actions for Acme Ltd' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Acme Ltd?' });
  await expect(dialog).toContainText('1 project uses this client');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: /Acme Ltd/ })).toBeVisible();

  await page.getByRole('button', { name: 'Actions for Acme Ltd' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete client' }).click();
  await expect(page.getByRole('row', { name: /Acme Ltd/ })).toBeHidden();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('row', { name: /Acme Ltd/ })).toBeVisible();
});

test('clients list and form have no axe violations', async ({ page }) => {
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/clients/new');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNoAxeViolations(page);
  await page.goto('/clients/c1');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Acme Ltd');
  await expectNoAxeViolations(page);
  await page.goto('/clients/unknown');
  await expect(page.getByRole('heading', { level: 1, name: 'Client not found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a long list draws 100 rows and shows the rest on request', async ({ page }) => {
  const many = Array.from({ length: 130 }, (_, i) => ({
    id: `bulk${i}`,
    name: `Bulk client ${String(i).padStart(3, '0')}`,
    contactPerson: '',
    email: `b${i}@bulk.test`,
    phone: '',
    address: '',
    taxName: '',
    taxPercentage: null,
    taxNumber: '',
    status: 'Active',
  }));
  // Beside the beforeEach's two active clients: 132 in all.
  await pushRecords(page, { clients: many });
  const fresh = page;
  await fresh.goto('/clients');
  await expect(rows(fresh)).toHaveCount(101);
  await expect(fresh.getByText('Showing 100 of 132')).toBeVisible();
  await fresh.getByRole('button', { name: 'Show 32 more' }).click();
  await expect(rows(fresh)).toHaveCount(133);
  // A search starts again at the top and still finds clients beyond the first 100.
  await fresh.getByRole('searchbox').fill('Bulk client 129');
  await expect(rows(fresh)).toHaveCount(2);
});

test('the row menu and the status filter work by keyboard alone', async ({ page }) => {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Actions for Zenith Co' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Archive' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: /Zenith Co/ })).toBeHidden();

  await page.getByRole('combobox', { name: 'Status' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(/Archived/);
  await expect(page.getByRole('row', { name: /Zenith Co/ })).toBeVisible();

  // Escape closes a row menu without doing anything.
  await page.getByRole('button', { name: 'Actions for Zenith Co' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Actions for Zenith Co' })).toBeFocused();
});

test('with storage full, a new client stays on screen, is reported, and leaving asks first', async ({
  page,
}) => {
  await fillStorage(page, ['clients']);
  await page.goto('/clients/new');
  await page.getByLabel('Name', { exact: true }).fill('Nova Studio');
  await page.getByLabel('Contact person').fill('Ira');
  await page.getByLabel('Email').fill('ira@nova.test');
  await page.getByRole('button', { name: 'Save' }).click();

  const form = page.getByRole('form', { name: 'New client' });
  await expect(form.getByRole('alert')).toContainText(
    /Your browser storage is full.*Export your data now/,
  );
  // The same words in the storage notice every screen shows, with Export there too.
  await expect(page.getByRole('alert').filter({ hasText: 'storage is full' })).toHaveCount(2);
  await expect(page).toHaveURL(/\/clients\/new$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nova Studio');
  await expect(page.getByLabel('Contact person')).toHaveValue('Ira');

  // Export downloads the client this tab holds, although storage refused it.
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Export my data' }).click();
  const exported = await (await download).createReadStream();
  let text = '';
  for await (const chunk of exported) text += String(chunk);
  expect(text).toContain('Nova Studio');

  // A sidebar link is a full page load: the browser asks, and staying keeps everything.
  const dialogs = answerDialogs(page, 'dismiss');
  await page
    .getByRole('navigation', { name: 'App' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/clients\/new$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nova Studio');

  // Once there is room, Save stores the same client (not a second one) and leaves without asking.
  await freeStorage(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('row', { name: /Nova Studio/ })).toHaveCount(1);
  expect(dialogs).toEqual(['beforeunload']);
  await page.reload();
  await expect(page.getByRole('row', { name: /Nova Studio/ })).toContainText('Ira');
});
