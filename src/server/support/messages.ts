import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { supportMessages } from '../db/schema';
import type { Mailer, MailOutcome } from '../mail/mailer';
import type { ThrottleKey } from '../throttle/throttle';

const MINUTE = 60_000;

/**
 * Messages from one address: five at once, then a wait that doubles from a minute to an hour.
 * Enough for a person writing again; too slow to fill the inbox or the table.
 */
export const supportKey = (address: string): ThrottleKey => ({
  key: `support:address:${address}`,
  policy: { free: 5, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, quietMs: 60 * MINUTE },
});

/** A complete message from the /support form. */
export interface SupportMessage {
  topic: string;
  message: string;
  name: string;
  email: string;
}

/**
 * Stores the message first (so it is never lost), then mails it to the support address with
 * Reply-To set to the sender, and records whether the mail went.
 */
export async function receiveSupportMessage(
  db: Db,
  mail: Mailer,
  supportEmail: string,
  input: SupportMessage,
  now: Date,
): Promise<MailOutcome> {
  const id = randomUUID();
  await db.insert(supportMessages).values({ id, ...input, createdAt: now, mailOutcome: 'pending' });
  const outcome = await mail.send({
    to: supportEmail,
    replyTo: input.email,
    subject: `[Support] ${input.topic}`,
    text: [
      `From: ${input.name || '(no name given)'} <${input.email}>`,
      `Topic: ${input.topic}`,
      `Received: ${now.toISOString()}`,
      `Reference: ${id}`,
      '',
      input.message,
    ].join('\n'),
  });
  await db.update(supportMessages).set({ mailOutcome: outcome }).where(eq(supportMessages.id, id));
  return outcome;
}
