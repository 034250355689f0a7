import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLogin, handleMe } from '../../src/server/api/handlers';
import {
  handleForgotPassword,
  handleResetCheck,
  handleResetPassword,
} from '../../src/server/api/password-reset-handlers';
import type { Database } from '../../src/server/db/connect';
import { mailOff, smtpMailer, type Mailer } from '../../src/server/mail/mailer';
import { startSmtp } from './smtp';
import { context, drivers, fakeClock, get, post } from './support';
import { signUp } from './workspace-support';
import { seededPicker } from './seeded';

describe.each(drivers)('password reset by email on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mail: Mailer;
  const clock = fakeClock();
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    smtp = await startSmtp();
    mail = smtpMailer(smtp.url, 'Hourmark <no-reply@hourmark.test>');
  });
  afterAll(async () => {
    await smtp.close();
    await drop();
  });

  let ip = 0;
  const site = new URL('https://hourmark.test');
  const ctx = (mailer = mail) =>
    context(database, clock, `198.51.100.${(ip += 1) % 250}`, site, mailer);
  const forgot = (email: string, mailer = mail) =>
    handleForgotPassword(post('/user/forgot-password', { email }), ctx(mailer));
  const check = (token: string) => handleResetCheck(post('/user/reset-check', { token }), ctx());
  const reset = (token: string, password: string) =>
    handleResetPassword(post('/user/reset-password', { token, password }), ctx());
  const login = (email: string, password: string) =>
    handleLogin(post('/user/login', { email, password }), ctx());
  /** The link in the next mail to arrive, and its token (after the #). */
  async function linkFromMail(to: string) {
    const message = await smtp.next();
    expect(message.to).toEqual([to]);
    expect(message.subject).toBe('Reset your Hourmark password');
    const url = /https:\/\/hourmark\.test\/reset-password#(\S+)/.exec(message.text);
    expect(url, message.text).not.toBeNull();
    return url?.[1] ?? '';
  }

  it('mails a one-hour link that sets a new password once and signs out every session', async () => {
    const asha = await signUp(database, { name: 'Asha', email: 'asha.reset@example.com' }, clock);
    const res = await forgot('Asha.Reset@example.com ');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      mailed: true,
      message:
        'If an account uses asha.reset@example.com, a link to reset its password is on its way. It works for one hour.',
    });
    const token = await linkFromMail('asha.reset@example.com');
    expect(await (await check(token)).json()).toEqual({ email: 'asha.reset@example.com' });

    expect((await reset(token, 'short')).status).toBe(400);
    expect((await reset(token, 'a brand new password')).status).toBe(204);
    // The old session is gone, the old password no longer works, the new one does.
    expect((await handleMe(get('/user/me', asha.cookie), ctx())).status).toBe(401);
    expect((await login('asha.reset@example.com', 'a good password')).status).toBe(401);
    expect((await login('asha.reset@example.com', 'a brand new password')).status).toBe(200);
    // Once only.
    const again = await reset(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      error: 'invalid_token',
      message:
        'This reset link has already been used. Ask for a new one if you need to reset again.',
    });
  });

  it('builds the link from the configured address, never from Host or Origin', async () => {
    await signUp(database, { name: 'Meera', email: 'meera.forged@example.com' }, clock);
    const forged = new Request('http://evil.example/user/forgot-password', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        host: 'evil.example',
        origin: 'http://evil.example',
      },
      body: JSON.stringify({ email: 'meera.forged@example.com' }),
    });
    // A laptop server without PUBLIC_URL: links point at http://localhost:4321.
    const laptop = context(database, clock, '198.51.100.77', undefined, mail);
    expect((await handleForgotPassword(forged, laptop)).status).toBe(200);
    const message = await smtp.next();
    expect(message.text).toMatch(/^http:\/\/localhost:4321\/reset-password#\S+$/m);
    expect(message.text).not.toContain('evil.example');
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const before = smtp.inbox.length;
    const res = await forgot('nobody.here@example.com');
    expect(await res.json()).toEqual({
      mailed: true,
      message:
        'If an account uses nobody.here@example.com, a link to reset its password is on its way. It works for one hour.',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.length).toBe(before);
  });

  it('refuses an expired, a replaced and a made-up link with a clear reason', async () => {
    await signUp(database, { name: 'Ravi', email: 'ravi.reset@example.com' }, clock);
    await forgot('ravi.reset@example.com');
    const first = await linkFromMail('ravi.reset@example.com');
    await forgot('ravi.reset@example.com');
    const second = await linkFromMail('ravi.reset@example.com');
    // Only the newest mail's link works.
    expect(await (await check(first)).json()).toMatchObject({ error: 'invalid_token' });
    clock.advance(61 * 60_000);
    const expired = await reset(second, 'a brand new password');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({
      message: 'This reset link has expired: links work for one hour. Ask for a new one.',
    });
    const madeUp = await check(`${'A'.repeat(22)}.${'B'.repeat(43)}`);
    expect(await madeUp.json()).toMatchObject({
      message:
        'This reset link is not valid. Check that the whole link was copied, or ask for a new one.',
    });
    expect((await login('ravi.reset@example.com', 'a good password')).status).toBe(200);
  });

  it('says so when this server cannot send mail', async () => {
    const res = await forgot('asha.reset@example.com', mailOff);
    expect(await res.json()).toMatchObject({ mailed: false });
  });

  it('slows many requests for one address: three at once, then a wait', async () => {
    await signUp(database, { name: 'Sam', email: 'sam.reset@example.com' }, clock);
    clock.advance(2 * 60 * 60_000);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await forgot('sam.reset@example.com')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    for (let i = 0; i < 3; i += 1) await smtp.next();
  });

  it('takes a link once even when two requests use it at the same moment', async () => {
    await signUp(database, { name: 'Lena', email: 'lena.reset@example.com' }, clock);
    await forgot('lena.reset@example.com');
    const token = await linkFromMail('lena.reset@example.com');
    const answers = await Promise.all(
      // Four: as many password hashes as PGlite admits at once (PostgreSQL admits 16).
      Array.from({ length: 4 }, (_, i) => reset(token, `parallel password ${i}`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400, 400, 400]);
  });

  it('answers 1,000 junk and half-right bodies per endpoint with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(7);
    const junk = [null, 1, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300), 'a@b', '..'];
    const tokenish = () =>
      pick([
        `${'A'.repeat(22)}.${'B'.repeat(43)}`,
        'abc.def',
        pick(junk),
        'A'.repeat(10) + '.' + 'b'.repeat(40),
      ]);
    for (const [path, handler] of [
      ['/user/forgot-password', handleForgotPassword],
      ['/user/reset-check', handleResetCheck],
      ['/user/reset-password', handleResetPassword],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const kind = Math.floor(rand() * 3);
        const body =
          kind === 0
            ? pick(['', '{', 'null', '[]', '"x"'])
            : JSON.stringify({
                ...(rand() < 0.8 ? { email: rand() < 0.5 ? `f${i}@example.com` : pick(junk) } : {}),
                ...(rand() < 0.8 ? { token: tokenish() } : {}),
                ...(rand() < 0.8
                  ? { password: rand() < 0.5 ? 'long enough password' : pick(junk) }
                  : {}),
                ...(rand() < 0.1 ? { extra: 1 } : {}),
              });
        const res = await handler(
          post(path, body),
          context(database, clock, `10.8.${i % 250}.1`, undefined, mailOff),
        );
        expect(res.status, `${path} #${i}: ${body.slice(0, 80)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
  }, 120_000);
});
