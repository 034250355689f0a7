import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleConfirmEmail, handleLogin, handleRegister } from '../../src/server/api/handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { smtpMailer, type Mailer } from '../../src/server/mail/mailer';
import { startSmtp } from './smtp';
import { context, cookieOf, drivers, fakeClock, freshAddress, post } from './support';
import { seededPicker } from './seeded';

// With SMTP_URL set, a sign-up is confirmed by mail: the answer is the same whether the email is
// new or already has an account, so the sign-up form does not tell strangers who uses Hourmark.

describe.each(drivers)('sign-up by confirmation mail on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mail: Mailer;
  const clock = fakeClock();
  const ctx = () => context(database, clock, freshAddress(), undefined, mail);
  const register = (email: string, name = 'Noor', password = 'a long password 1') =>
    handleRegister(post('/user/register', { name, email, password }), ctx());
  const confirm = (token: string) =>
    handleConfirmEmail(post('/user/confirm-email', { token }), ctx());
  const linkIn = (text: string) => /\/confirm-email#(\S+)/.exec(text)?.[1] ?? '';

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    smtp = await startSmtp();
    mail = smtpMailer(smtp.url, 'Hourmark <no-reply@hourmark.test>');
  });
  afterAll(async () => {
    await smtp.close();
    await drop();
  });

  it('creates the account only when the mailed link is opened, and signs it in', async () => {
    const res = await register('noor@example.com');
    expect(res.status).toBe(202);
    const answer = (await res.json()) as { status: string; message: string };
    expect(answer.status).toBe('confirm_email');
    // Nothing to sign in to yet.
    const early = await handleLogin(
      post('/user/login', { email: 'noor@example.com', password: 'a long password 1' }),
      ctx(),
    );
    expect(early.status).toBe(401);
    const message = await smtp.next();
    expect(message.to).toEqual(['noor@example.com']);
    expect(message.subject).toBe('Confirm your email to finish signing up to Hourmark');
    const token = linkIn(message.text);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(201);
    expect(cookieOf(confirmed)).toMatch(/^hm_session=/);
    expect(((await confirmed.json()) as { user: { email: string } }).user.email).toBe(
      'noor@example.com',
    );
    // The link works once.
    expect((await confirm(token)).status).toBe(400);
    const later = await handleLogin(
      post('/user/login', { email: 'noor@example.com', password: 'a long password 1' }),
      ctx(),
    );
    expect(later.status).toBe(200);
  });

  it('starts the new workspace in the confirming browser’s time zone, under its current name', async () => {
    expect((await register('zoya@example.com', 'Zoya')).status).toBe(202);
    const token = linkIn((await smtp.next()).text);
    const confirmed = await handleConfirmEmail(
      post('/user/confirm-email', { token, timeZone: 'Asia/Calcutta' }),
      ctx(),
    );
    expect(confirmed.status).toBe(201);
    const zones = await rows<{ time_zone: string }>(
      database.db,
      sql`SELECT w.time_zone FROM workspaces w JOIN memberships m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id WHERE u.email = 'zoya@example.com'`,
    );
    expect(zones).toEqual([{ time_zone: 'Asia/Kolkata' }]);
  });

  it('answers a sign-up with a taken email exactly like a new one, and mails the owner', async () => {
    const taken = await register('Noor@Example.com', 'Mallory', 'another password 2');
    const fresh = await register('nobody.yet@example.com', 'Mallory', 'another password 2');
    expect(taken.status).toBe(fresh.status);
    const body = (r: Response) =>
      r.json().then((b: { status: string; message: string }) => ({
        ...b,
        message: b.message.replace(/\S+@example\.com/i, '…'),
      }));
    expect(await body(taken)).toEqual(await body(fresh));
    const [first, second] = [await smtp.next(), await smtp.next()];
    const toOwner = [first, second].find((m) => m?.to[0] === 'noor@example.com');
    expect(toOwner?.subject).toBe('Someone tried to sign up to Hourmark with your email');
    expect(toOwner?.text).toContain('/forgot-password');
    expect(toOwner?.text).not.toContain('/confirm-email');
    // The owner's password is unchanged.
    const owner = await handleLogin(
      post('/user/login', { email: 'noor@example.com', password: 'a long password 1' }),
      ctx(),
    );
    expect(owner.status).toBe(200);
  });

  it('refuses expired, unknown and malformed links with a reason', async () => {
    await register('late@example.com');
    const token = linkIn((await smtp.next()).text);
    clock.advance(24 * 60 * 60 * 1000 + 1);
    const expired = await confirm(token);
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { message: string }).message).toContain('expired');
    clock.advance(-(24 * 60 * 60 * 1000 + 1));
    expect((await confirm('abcdefghijkl.' + 'x'.repeat(43))).status).toBe(400);
    expect((await confirm('nonsense')).status).toBe(400);
    const junk = await handleConfirmEmail(post('/user/confirm-email', '{"token":1}'), ctx());
    expect(junk.status).toBe(400);
  });

  it('answers 1,000 junk and half-right bodies with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(17);
    const junk = [null, 1, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300)];
    const tokens = ['abcdefghijkl.' + 'y'.repeat(43), 'a.b', ...junk];
    for (let i = 0; i < 1000; i += 1) {
      const sent =
        rand() < 0.1
          ? pick(['', '{', 'null', '[]'])
          : JSON.stringify({
              ...(rand() < 0.9 ? { token: pick(tokens) } : {}),
              ...(rand() < 0.05 ? { extra: 1 } : {}),
            });
      const res = await handleConfirmEmail(post('/user/confirm-email', sent), ctx());
      expect(res.status, `#${i}: ${sent.slice(0, 80)}`).toBeLessThan(500);
      expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 120_000);
});
