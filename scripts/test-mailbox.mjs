// A mailbox for the browser tests: a real SMTP server the app sends to (SMTP_URL), and a small
// HTTP reader on 127.0.0.1 so a test can fetch what arrived for an address. Test-only: it keeps
// messages in memory and accepts mail for anyone.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAILBOX_SMTP_PORT ?? 4395);
const httpPort = Number(process.env.MAILBOX_HTTP_PORT ?? 4396);

/** @type {{ to: string[], from: string, subject: string, text: string, at: number }[]} */
const messages = [];

/** @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} field */
const addresses = (field) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((g) =>
    g.value.map((a) => (a.address ?? '').toLowerCase()),
  );

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          to: addresses(mail.to),
          from: addresses(mail.from)[0] ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          at: Date.now(),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  const found = messages.filter((m) => !to || m.to.includes(to));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ messages: found }));
}).listen(httpPort, '127.0.0.1');
