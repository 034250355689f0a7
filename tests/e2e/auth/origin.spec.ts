import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

const body = { email: 'nobody@example.com', password: 'not the password' };

test('the API accepts its own site and refuses other websites', async ({ request, baseURL }) => {
  const own = await request.post('/user/login', { data: body, headers: { Origin: baseURL ?? '' } });
  expect(own.status()).toBe(401);
  const foreign = await request.post('/user/login', {
    data: body,
    headers: { Origin: 'https://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toMatchObject({ error: 'forbidden_origin' });
});

test('malformed requests get a JSON 4xx', async ({ request }) => {
  const broken = await request.post('/user/login', {
    data: '{"email":',
    headers: { 'content-type': 'application/json' },
  });
  expect(broken.status()).toBe(400);
  expect(await broken.json()).toMatchObject({ error: 'invalid_request' });
  const wrongMethod = await request.get('/user/login');
  expect(wrongMethod.status()).toBe(405);
});

test('every state-changing endpoint refuses another website, and changes nothing', async ({
  page,
}) => {
  await signIn(page);
  const before = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string }[];
  };
  const foreign = { Origin: 'https://evil.example' };
  for (const [path, data] of [
    ['/sync/workspaces', { name: 'Planted' }],
    [
      '/sync/push',
      { workspaceId: before.workspaces[0]?.id, clientId: 'x'.repeat(16), mutations: [] },
    ],
    ['/user/logout-all', {}],
    ['/user/password', { current: 'x', password: 'a new password 1' }],
    ['/user/delete', { password: 'x' }],
    ['/user/forgot-password', { email: 'someone@example.com' }],
    ['/user/reset-check', { token: 'x' }],
    ['/user/invitation-check', { token: 'x' }],
    ['/sync/invitations', { workspaceId: '00000000-0000-4000-8000-000000000000', memberId: 'm' }],
    ['/sync/invitations/revoke', { workspaceId: '00000000-0000-4000-8000-000000000000', id: 'x' }],
    ['/sync/workspace-settings', { workspaceId: before.workspaces[0]?.id, name: 'Planted' }],
    [
      '/sync/teams',
      { workspaceId: before.workspaces[0]?.id, name: 'Planted', memberIds: [], leadIds: [] },
    ],
    ['/sync/teams/delete', { workspaceId: before.workspaces[0]?.id, id: 'x' }],
    ['/sync/member-reset-link', { workspaceId: before.workspaces[0]?.id, memberId: 'x' }],
    [
      '/sync/saved-reports',
      {
        workspaceId: before.workspaces[0]?.id,
        name: 'Planted',
        spec: { range: 'this-month' },
        schedule: 'weekly',
      },
    ],
    ['/sync/saved-reports/delete', { workspaceId: before.workspaces[0]?.id, id: 'x' }],
    [
      '/sync/report-shares',
      { workspaceId: before.workspaces[0]?.id, savedReportId: 'x', days: 7, withAmounts: false },
    ],
    ['/sync/report-shares/revoke', { workspaceId: before.workspaces[0]?.id, id: 'x' }],
    [
      '/sync/invoices',
      {
        workspaceId: before.workspaces[0]?.id,
        clientId: 'c',
        from: '2026-11-01',
        to: '2026-11-30',
      },
    ],
    [
      '/sync/invoices/issue',
      { workspaceId: before.workspaces[0]?.id, id: 'x', issueDate: '2026-11-24' },
    ],
    ['/sync/invoices/void', { workspaceId: before.workspaces[0]?.id, id: 'x' }],
    [
      '/sync/invoices/payment',
      { workspaceId: before.workspaces[0]?.id, id: 'x', paidOn: '2026-11-24', amountMinor: 100 },
    ],
    ['/sync/invoice-settings', { workspaceId: before.workspaces[0]?.id, companyName: 'Planted' }],
    ['/sync/invoices/draft', { workspaceId: before.workspaces[0]?.id, id: 'x', layout: {} }],
    [`/sync/invoice-logo?workspace=${before.workspaces[0]?.id}`, 'planted'],
    ['/sync/invoice-logo/remove', { workspaceId: before.workspaces[0]?.id }],
    ['/user/accept-invitation', { token: 'x', name: 'Planted', password: 'a new password 1' }],
    ['/user/reset-password', { token: 'x', password: 'a new password 1' }],
    ['/user/confirm-email', { token: 'x' }],
    ['/support/messages', { topic: 'Other', message: 'Planted', email: 'someone@example.com' }],
  ] as const) {
    const res = await page.request.post(path, { data, headers: foreign });
    expect(res.status(), path).toBe(403);
    expect(await res.json(), path).toMatchObject({ error: 'forbidden_origin' });
  }
  const after = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string }[];
  };
  expect(after.workspaces).toHaveLength(before.workspaces.length);
});
