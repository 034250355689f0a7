import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLogin } from '../../src/server/api/handlers';
import { handleAcceptInvitation, handleInvite } from '../../src/server/api/invitation-handlers';
import { handleMemberResetLink } from '../../src/server/api/member-reset-handler';
import { handleResetPassword } from '../../src/server/api/password-reset-handlers';
import type { Database } from '../../src/server/db/connect';
import { smtpMailer, type Mailer } from '../../src/server/mail/mailer';
import { startSmtp } from './smtp';
import { context, drivers, fakeClock, freshAddress, post } from './support';
import { joinWorkspace, pusher, signUp, teamMember } from './workspace-support';
import { seededPicker } from './seeded';

// An Admin-made reset link: only for a member who joined through this workspace's invitation
// and is in no other workspace (so one workspace's Admin cannot take over an account that
// matters elsewhere). Mail goes through a real SMTP server on 127.0.0.1.

describe.each(drivers)('Admin-made reset links on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mail: Mailer;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  const ctx = () => context(database, clock, freshAddress(), undefined, mail);
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const resetLink = (cookie: string, memberId: string) =>
    handleMemberResetLink(
      post('/sync/member-reset-link', { workspaceId: admin.workspace.id, memberId }, cookie),
      ctx(),
    );
  async function joinByInvitation(memberId: string, extra: { cookie?: string } = {}) {
    const made = await handleInvite(
      post('/sync/invitations', { workspaceId: admin.workspace.id, memberId }, admin.cookie),
      ctx(),
    );
    const { link } = (await made.json()) as { link: string };
    await smtp.next();
    const token = link.split('#')[1] ?? '';
    const body = extra.cookie ? { token } : { token, name: 'Invited', password: 'a good password' };
    const res = await handleAcceptInvitation(
      post('/user/accept-invitation', body, extra.cookie),
      ctx(),
    );
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    smtp = await startSmtp();
    mail = smtpMailer(smtp.url, 'Hourmark <no-reply@hourmark.test>');
    admin = await signUp(database, { name: 'Ada', email: 'ada.memberreset@example.com' }, clock);
    for (const [id, name] of [
      ['m-ivy', 'Ivy'],
      ['m-sam', 'Sam'],
      ['m-dev', 'Dev'],
      ['m-new', 'Nobody'],
    ] as const)
      await ok(admin, 'createMember', {
        id,
        fields: { ...teamMember(name, 'Normal'), email: `${name.toLowerCase()}.mr@example.com` },
      });
    // Ivy joins only through the invitation; Sam has a workspace of his own and accepts signed in;
    // Dev was added without an invitation.
    await joinByInvitation('m-ivy');
    const sam = await signUp(database, { name: 'Sam', email: 'sam.mr@example.com' }, clock);
    await joinByInvitation('m-sam', { cookie: sam.cookie });
    await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Dev', email: 'dev.mr@example.com' },
      'Normal',
      'm-dev',
      clock,
    );
  });
  afterAll(async () => {
    await smtp.close();
    await drop();
  });

  it('makes a one-hour link for a member who joined only here, mails it, and it sets the password', async () => {
    const res = await resetLink(admin.cookie, 'm-ivy');
    expect(res.status).toBe(201);
    const made = (await res.json()) as { link: string; mailed: string; expiresAt: string };
    expect(made.mailed).toBe('sent');
    expect(made.expiresAt).toBe('2026-11-22T11:00:00.000Z');
    const message = await smtp.next();
    expect(message.to).toEqual(['ivy.mr@example.com']);
    expect(message.text).toContain(made.link);
    const set = await handleResetPassword(
      post('/user/reset-password', {
        token: made.link.split('#')[1],
        password: 'a brand new password',
      }),
      ctx(),
    );
    expect(set.status).toBe(204);
    const login = await handleLogin(
      post('/user/login', { email: 'ivy.mr@example.com', password: 'a brand new password' }),
      ctx(),
    );
    expect(login.status).toBe(200);
  });

  it('refuses, with the reason, anyone whose account is not this workspace’s alone', async () => {
    const reason = async (memberId: string) => {
      const res = await resetLink(admin.cookie, memberId);
      expect(res.status).toBe(409);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await reason('m-sam')).toBe(
      'They also belong to another workspace, so only they can reset their password (Forgot password on the sign-in page).',
    );
    expect(await reason('m-dev')).toBe(
      'They did not join through an invitation of this workspace, so only they can reset their password (Forgot password on the sign-in page).',
    );
    expect(await reason('m-new')).toBe(
      'This team member has not signed in yet: invite them instead.',
    );
    const sam = await handleLogin(
      post('/user/login', { email: 'sam.mr@example.com', password: 'a good password' }),
      ctx(),
    );
    const samCookie = (sam.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const notAdmin = await resetLink(samCookie, 'm-ivy');
    expect(notAdmin.status).toBe(403);
  });

  it('answers 1,000 junk and half-right bodies with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(53);
    const junk = [null, 1, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300), 'ghost'];
    const ids = [admin.workspace.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    for (let i = 0; i < 1000; i += 1) {
      const sent =
        rand() < 0.15
          ? pick(['', '{', 'null', '[]'])
          : JSON.stringify({
              ...(rand() < 0.9 ? { workspaceId: rand() < 0.7 ? pick(ids) : pick(junk) } : {}),
              ...(rand() < 0.9 ? { memberId: pick(['m-sam', 'm-dev', 'm-new', ...junk]) } : {}),
              ...(rand() < 0.05 ? { extra: 1 } : {}),
            });
      const res = await handleMemberResetLink(
        post('/sync/member-reset-link', sent, admin.cookie),
        ctx(),
      );
      expect(res.status, `#${i}: ${sent.slice(0, 100)}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 180_000);
});
