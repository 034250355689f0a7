// Reads the test mailbox (tests/e2e/support/mailbox-server.ts) that the app under test sends its mail to.
const port = Number(process.env.E2E_PORT ?? 4390) + 200;

export interface MailboxMessage {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/** Every message that arrived for `to` so far, oldest first. */
export async function mailFor(to: string): Promise<MailboxMessage[]> {
  const res = await fetch(`http://127.0.0.1:${port}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages;
}

/** Waits (up to 10 s) for the `count`-th message to `to` and returns it. */
export async function waitForMail(to: string, count = 1): Promise<MailboxMessage> {
  const until = Date.now() + 10_000;
  for (;;) {
    const messages = await mailFor(to);
    if (messages.length >= count) return messages[count - 1] as MailboxMessage;
    if (Date.now() > until) throw new Error(`No mail #${count} for ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
