import nodemailer, { type Transporter } from 'nodemailer';

/** One message: plain text always, so every mail client and screen reader reads it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
  /** Extra headers (a notice's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent along (a scheduled report's PDF and CSV). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What became of a message: handed to the SMTP server, not configured, or refused by it. */
export type MailOutcome = 'sent' | 'off' | 'failed';

/** Sends mail; the server's one way out, so tests can point it at their own SMTP server. */
export interface Mailer {
  /** False when SMTP_URL is not set: screens offer a link to copy instead of a mail. */
  enabled: boolean;
  send: (message: MailMessage) => Promise<MailOutcome>;
}

/** Mail is not configured (no SMTP_URL): every caller shows a link to copy instead. */
export const mailOff: Mailer = { enabled: false, send: () => Promise.resolve('off') };

/**
 * A mailer over SMTP_URL (smtp://user:pass@host:port, smtps:// for TLS from the start). A
 * refused or unreachable server is 'failed', never an exception: the caller has already stored
 * what matters and tells the person the mail did not go.
 */
export function smtpMailer(url: string, from: string): Mailer {
  let transport: Transporter | null = null;
  return {
    enabled: true,
    send: async (message) => {
      transport ??= nodemailer.createTransport(url, { from });
      try {
        await transport.sendMail({ from, ...message });
        return 'sent';
      } catch (error) {
        console.error('Mail not sent', error instanceof Error ? error.message : error);
        return 'failed';
      }
    },
  };
}
