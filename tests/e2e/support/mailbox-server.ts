// The browser tests' mailbox: the app under test sends its mail here (SMTP_URL, a real SMTP
// server), and tests read what arrived for an address over HTTP on 127.0.0.1 (mailbox.ts).
// Test-only: messages stay in memory. Started by playwright.config.ts with tsx.
import { createServer } from 'node:http';
import { startSmtp } from '../../server/smtp';

const smtp = await startSmtp(Number(process.env['MAILBOX_SMTP_PORT'] ?? 4490));

createServer((req, res) => {
  const to = (
    new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('to') ?? ''
  ).toLowerCase();
  const messages = smtp.inbox.filter(
    (m) => !to || m.to.some((address) => address.toLowerCase() === to),
  );
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ messages }));
}).listen(Number(process.env['MAILBOX_HTTP_PORT'] ?? 4590), '127.0.0.1');
