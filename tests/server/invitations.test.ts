import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleMe } from '../../src/server/api/handlers';
import {
  handleAcceptInvitation,
  handleInvitationCheck,
  handleInvitations,
  handleInvite,
  handleRevokeInvitation,
} from '../../src/server/api/invitation-handlers';
import { handlePull, handlePush, handleWorkspaces } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { mailOff, smtpMailer, type Mailer } from '../../src/server/mail/mailer';
import { startSmtp } from './smtp';
import { context, cookieOf, drivers, fakeClock, get, post } from './support';
import { signUp } from './workspace-support';
import { seededPicker } from './seeded';

const member = (name: string, email: string, Role: string) => ({
  name,
  email,
  LoborRate: 0,
  BillableRate: 0,
  Role,
  notes: '',
  status: 'Active',
  autoAddToProjects: false,
});

describe.each(drivers)('invitations on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mail: Mailer;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let next = 0;
  let ip = 0;
  const ctx = (mailer = mail) =>
    context(database, clock, `198.51.100.${(ip += 1) % 250}`, undefined, mailer);

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    smtp = await startSmtp();
    mail = smtpMailer(smtp.url, 'Hourmark <no-reply@hourmark.test>');
    admin = await signUp(database, { name: 'Ada', email: 'ada.invites@example.com' }, clock);
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: admin.workspace.id,
          clientId: 'invites-device-0123456789',
          mutations: [
            {
              id: (next += 1),
              name: 'createMember',
              args: { id: 'm-new', fields: member('Nia', 'nia@example.com', 'Manager') },
            },
            {
              id: (next += 1),
              name: 'createMember',
              args: { id: 'm-old', fields: member('Omar', 'omar.invites@example.com', 'Normal') },
            },
            {
              id: (next += 1),
              name: 'createMember',
              args: { id: 'm-x', fields: member('Xu', 'xu@example.com', 'Normal') },
            },
          ],
        },
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await smtp.close();
    await drop();
  });

  const invite = (cookie: string, memberId: string, mailer = mail) =>
    handleInvite(
      post('/sync/invitations', { workspaceId: admin.workspace.id, memberId }, cookie),
      ctx(mailer),
    );
  const check = (token: string) =>
    handleInvitationCheck(post('/user/invitation-check', { token }), ctx());
  const accept = (body: Record<string, unknown>, cookie?: string) =>
    handleAcceptInvitation(post('/user/accept-invitation', body, cookie), ctx());
  const tokenOf = (link: string) => link.split('#')[1] ?? '';

  it('a new person joins with the role of their team-member record, through the mailed link', async () => {
    const res = await invite(admin.cookie, 'm-new');
    expect(res.status).toBe(201);
    const made = (await res.json()) as {
      link: string;
      mailed: string;
      invitation: { email: string };
    };
    expect(made).toMatchObject({ mailed: 'sent', invitation: { email: 'nia@example.com' } });
    const message = await smtp.next();
    expect(message.to).toEqual(['nia@example.com']);
    expect(message.subject).toBe("Ada invited you to Ada's workspace on Hourmark");
    expect(message.text).toContain(made.link);
    const token = tokenOf(made.link);
    expect(await (await check(token)).json()).toMatchObject({
      workspaceName: "Ada's workspace",
      // The name the Admin typed, so the join form starts with it (issue 47).
      name: 'Nia',
      email: 'nia@example.com',
      role: 'Manager',
      invitedBy: 'Ada',
      hasAccount: false,
    });
    const missing = await accept({ token });
    expect(await missing.json()).toMatchObject({
      fields: { name: 'Enter your full name', password: 'Use at least 8 characters' },
    });
    const joined = await accept({ token, name: 'Nia Rao', password: 'a good password' });
    expect(joined.status).toBe(201);
    const cookie = cookieOf(joined);
    const list = (await (
      await handleWorkspaces(get('/sync/workspaces', cookie), ctx())
    ).json()) as { workspaces: { id: string; role: string; memberId: string }[] };
    expect(list.workspaces).toEqual([
      { id: admin.workspace.id, name: "Ada's workspace", role: 'Manager', memberId: 'm-new' },
    ]);
    // Used once.
    const again = await accept({ token, name: 'Someone', password: 'a good password' });
    expect(await again.json()).toMatchObject({
      error: 'invalid_token',
      message: 'This invitation has already been accepted. Sign in to open the workspace.',
    });
    // Admins see who joined.
    const state = (await (
      await handleInvitations(
        get(`/sync/invitations?workspace=${admin.workspace.id}`, admin.cookie),
        ctx(),
      )
    ).json()) as { pending: unknown[]; joined: string[] };
    expect(state.joined.sort()).toEqual(['m-new', expect.any(String)].sort());
  });

  it('someone with an account joins signed in as the invited email, never as another', async () => {
    const omar = await signUp(database, { name: 'Omar', email: 'omar.invites@example.com' }, clock);
    const other = await signUp(database, { name: 'Pia', email: 'pia.invites@example.com' }, clock);
    const made = (await (await invite(admin.cookie, 'm-old', mailOff)).json()) as {
      link: string;
      mailed: string;
    };
    expect(made.mailed).toBe('off');
    const token = tokenOf(made.link);
    expect(await (await check(token)).json()).toMatchObject({ hasAccount: true });
    const signedOut = await accept({ token, name: 'Omar', password: 'a good password' });
    expect(signedOut.status).toBe(401);
    const wrong = await accept({ token }, other.cookie);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { message: string }).message).toContain(
      'This invitation is for omar.invites@example.com',
    );
    const ok = await accept({ token }, omar.cookie);
    expect(ok.status).toBe(200);
    const pulled = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}`, omar.cookie),
      ctx(),
    );
    expect(pulled.status).toBe(200);
    expect((await handleMe(get('/user/me', omar.cookie), ctx())).status).toBe(200);
  });

  it('expired, revoked and replaced links get a clear reason; only Admins invite', async () => {
    const first = tokenOf(
      ((await (await invite(admin.cookie, 'm-x', mailOff)).json()) as { link: string }).link,
    );
    const second = (await (await invite(admin.cookie, 'm-x', mailOff)).json()) as {
      link: string;
      invitation: { id: string };
    };
    expect(await (await check(first)).json()).toMatchObject({
      message: 'This invitation was withdrawn. Ask your administrator if you should have access.',
    });
    const revoked = await handleRevokeInvitation(
      post(
        '/sync/invitations/revoke',
        { workspaceId: admin.workspace.id, id: second.invitation.id },
        admin.cookie,
      ),
      ctx(),
    );
    expect(revoked.status).toBe(204);
    expect(await (await check(tokenOf(second.link))).json()).toMatchObject({
      error: 'invalid_token',
    });
    const third = tokenOf(
      ((await (await invite(admin.cookie, 'm-x', mailOff)).json()) as { link: string }).link,
    );
    clock.advance(7 * 24 * 60 * 60_000 + 1);
    expect(((await (await check(third)).json()) as { message: string }).message).toContain(
      'This invitation has expired',
    );
    const stranger = await signUp(
      database,
      { name: 'Quinn', email: 'quinn.invites@example.com' },
      clock,
    );
    expect((await invite(stranger.cookie, 'm-x')).status).toBe(403);
    expect((await invite(admin.cookie, 'no-such-member')).status).toBe(400);
  });

  it('one invitation is accepted once even when two requests arrive together', async () => {
    await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: admin.workspace.id,
          clientId: 'invites-device-0123456789',
          mutations: [
            {
              id: (next += 1),
              name: 'createMember',
              args: { id: 'm-race', fields: member('Ray', 'ray@example.com', 'Normal') },
            },
          ],
        },
        admin.cookie,
      ),
      ctx(),
    );
    const token = tokenOf(
      ((await (await invite(admin.cookie, 'm-race', mailOff)).json()) as { link: string }).link,
    );
    const answers = await Promise.all([
      accept({ token, name: 'Ray A', password: 'a good password' }),
      accept({ token, name: 'Ray B', password: 'a good password' }),
    ]);
    // One joins; the other finds the link taken (400) or the email's account made (401).
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 401]).toContain(statuses[1]);
    const state = (await (
      await handleInvitations(
        get(`/sync/invitations?workspace=${admin.workspace.id}`, admin.cookie),
        ctx(),
      )
    ).json()) as { joined: string[] };
    expect(state.joined.filter((id) => id === 'm-race')).toHaveLength(1);
  });

  it('answers 1,000 junk and half-right bodies per endpoint with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(11);
    const junk = [null, 1, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300), 'm-x', 'no-such'];
    const ids = [admin.workspace.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    const token = () => pick([`${'A'.repeat(22)}.${'B'.repeat(43)}`, 'a.b', pick(junk)]);
    const body = () =>
      rand() < 0.2
        ? pick(['', '{', 'null', '[]'])
        : JSON.stringify({
            ...(rand() < 0.8 ? { workspaceId: rand() < 0.7 ? pick(ids) : pick(junk) } : {}),
            ...(rand() < 0.6 ? { memberId: pick(['m-x', 'm-new', 'ghost', ...junk]) } : {}),
            ...(rand() < 0.5 ? { id: pick(['abc', ...junk]) } : {}),
            ...(rand() < 0.6 ? { token: token() } : {}),
            ...(rand() < 0.4 ? { name: pick(['Zed', ...junk]) } : {}),
            ...(rand() < 0.4 ? { password: pick(['long enough pw', ...junk]) } : {}),
            ...(rand() < 0.1 ? { extra: 1 } : {}),
          });
    for (const [path, handler, cookie] of [
      ['/sync/invitations', handleInvite, admin.cookie],
      ['/sync/invitations/revoke', handleRevokeInvitation, admin.cookie],
      ['/user/invitation-check', handleInvitationCheck, ''],
      ['/user/accept-invitation', handleAcceptInvitation, ''],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const sent = body();
        const res = await handler(
          post(path, sent, cookie || undefined),
          context(database, clock, `10.9.${i % 250}.${i % 4}`, undefined, mailOff),
        );
        expect(res.status, `${path} #${i}: ${sent.slice(0, 80)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
    const listed = await handleInvitations(
      get('/sync/invitations?workspace=junk', admin.cookie),
      ctx(),
    );
    expect(listed.status).toBe(403);
  }, 180_000);
});
