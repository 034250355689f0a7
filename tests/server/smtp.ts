import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A received message, as the reader of the mailbox would see it. */
export interface Received {
  to: string[];
  from: string;
  subject: string;
  text: string;
  replyTo: string;
  /** Every header as sent, by lower-case name (List-Unsubscribe, List-Unsubscribe-Post …). */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const addressesOf = (field: ParsedMail['to']): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.map((a) => a.address ?? ''),
  );

/**
 * A real SMTP server on 127.0.0.1 (`port`, any free one by default) that keeps what it receives,
 * so tests read the mail that arrived instead of trusting a mock. `refuse` makes it answer every
 * message with 550. The browser tests' mailbox (tests/e2e/support/mailbox-server.ts) is this too.
 */
export async function startSmtp(port = 0): Promise<{
  url: string;
  inbox: Received[];
  refuse: (on: boolean) => void;
  next: () => Promise<Received>;
  close: () => Promise<void>;
}> {
  const inbox: Received[] = [];
  const waiting: ((message: Received) => void)[] = [];
  let refusing = false;
  let taken = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusing)
            return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          const message: Received = {
            to: addressesOf(mail.to),
            from: addressesOf(mail.from)[0] ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            replyTo: addressesOf(mail.replyTo)[0] ?? '',
            headers: Object.fromEntries(
              mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]),
            ),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          };
          inbox.push(message);
          waiting.shift()?.(message);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    inbox,
    refuse: (on) => {
      refusing = on;
    },
    /** The next message to arrive (or the oldest not yet taken). */
    next: () => {
      return new Promise((resolve) => {
        if (inbox.length > taken) resolve(inbox[taken++] as Received);
        else
          waiting.push((m) => {
            taken++;
            resolve(m);
          });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
