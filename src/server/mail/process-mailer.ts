import { serverConfig } from '../config';
import { mailOff, smtpMailer, type Mailer } from './mailer';

let mailer: Mailer | null = null;

/** The process's one SMTP transport, made on first use (mail off without SMTP_URL). */
export function processMailer(): Mailer {
  const { smtpUrl, mailFrom } = serverConfig();
  mailer ??= smtpUrl ? smtpMailer(smtpUrl, mailFrom) : mailOff;
  return mailer;
}
