import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleSupportMessage } from '../../src/server/api/support-handler';
import type { Database } from '../../src/server/db/connect';
import { supportMessages } from '../../src/server/db/schema';
import { mailOff, smtpMailer } from '../../src/server/mail/mailer';
import { context, drivers, fakeClock, post } from './support';
import { startSmtp } from './smtp';
import { seededPicker } from './seeded';

const complete = {
  topic: 'Something might be broken',
  message: 'The export button does nothing.\nSecond line.',
  name: 'Asha',
  email: 'asha@example.com',
};

describe.each(drivers)('support messages on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await drop();
  });
  const clock = fakeClock();
  const send = (
    body: unknown,
    ip: string,
    mail = smtpMailer(smtp.url, 'Hourmark <no-reply@hourmark.test>'),
  ) =>
    handleSupportMessage(
      post('/support/messages', body),
      context(database, clock, ip, undefined, mail),
    );
  const stored = async () =>
    (await database.db.select().from(supportMessages)).map((m) => [m.email, m.mailOutcome]);

  it('stores the message and mails it to the support address, replying to the sender', async () => {
    const res = await send(complete, '198.51.100.1');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ mailed: 'sent', supportEmail: 'help@hourmark.test' });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['help@hourmark.test']);
    expect(mail.replyTo).toBe('asha@example.com');
    expect(mail.subject).toBe('[Support] Something might be broken');
    expect(mail.text).toContain('From: Asha <asha@example.com>');
    expect(mail.text).toContain('The export button does nothing.\nSecond line.');
    expect(await stored()).toEqual([['asha@example.com', 'sent']]);
  });

  it('keeps the message and says so when mail is off or the mail server refuses it', async () => {
    const off = await send({ ...complete, email: 'off@example.com' }, '198.51.100.2', mailOff);
    expect(await off.json()).toMatchObject({ mailed: 'off' });
    smtp.refuse(true);
    const failed = await send({ ...complete, email: 'refused@example.com' }, '198.51.100.2');
    smtp.refuse(false);
    expect(failed.status).toBe(201);
    expect(await failed.json()).toMatchObject({ mailed: 'failed' });
    expect(await stored()).toEqual(
      expect.arrayContaining([
        ['off@example.com', 'off'],
        ['refused@example.com', 'failed'],
      ]),
    );
  });

  it('refuses an incomplete message beside its fields and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await send({ topic: 'Gossip', message: '  ', email: 'x' }, '198.51.100.3');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'invalid_request',
      fields: {
        topic: 'Choose what you need help with',
        message: 'Write your message',
        email: 'Enter a valid email address',
      },
    });
    expect(await stored()).toHaveLength(before);
  });

  it('slows a network that sends many messages: five at once, then a wait', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(
        (await send({ ...complete, email: `n${i}@example.com` }, '198.51.100.4')).status,
      );
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
    // Another network is not affected.
    expect((await send(complete, '198.51.100.5')).status).toBe(201);
    clock.advance(61 * 60_000);
    expect((await send(complete, '198.51.100.4')).status).toBe(201);
  });

  it('answers 1,000 junk and half-right bodies with JSON 4xx or a stored message, never 5xx', async () => {
    const { rand, pick } = seededPicker(20261123);
    const junk = [
      null,
      42,
      true,
      [],
      {},
      '',
      ' ',
      '\u0000',
      '\uD800',
      'x'.repeat(6000),
      '<b>',
      '💥',
    ];
    const fieldValue = (key: keyof typeof complete) => (rand() < 0.5 ? complete[key] : pick(junk));
    for (let i = 0; i < 1000; i += 1) {
      const kind = Math.floor(rand() * 4);
      const body =
        kind === 0
          ? pick(['', '{', 'null', '[]', '"text"', '{"topic":}'])
          : kind === 1
            ? JSON.stringify(pick(junk))
            : JSON.stringify({
                topic: fieldValue('topic'),
                message: fieldValue('message'),
                ...(rand() < 0.7 ? { name: fieldValue('name') } : {}),
                email: fieldValue('email'),
                ...(rand() < 0.1 ? { extra: 'field' } : {}),
              });
      const res = await send(body, `10.7.${i % 250}.${i % 3}`, mailOff);
      expect(res.status, `body #${i}: ${body.slice(0, 80)}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 120_000);
});
