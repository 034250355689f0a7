import { hostRules } from './http/hosts.mjs';

/** Server settings read from the environment once. */
export interface ServerConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  allowedOrigins: string[];
  /** How many reverse proxies append to X-Forwarded-For in front of us (0: none, ignore it). */
  trustProxyHops: number;
  /** The address people use, e.g. https://hourmark.example.com; https makes cookies Secure. */
  publicUrl: URL | undefined;
  /** Where links in mails and shown links point: PUBLIC_URL, or http://localhost:PORT without it. */
  appUrl: URL;
  /** Origins of this server's own pages (src/server/http/hosts.mjs), for the same-origin rule. */
  ownOrigins: ReadonlySet<string>;
  /** SMTP_URL: outgoing mail through nodemailer; without it nothing is mailed. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail. */
  mailFrom: string;
  /** SUPPORT_EMAIL: shown on /support and where support messages are mailed. */
  supportEmail: string;
}

function parsePublicUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${value}`);
  }
}

/** The support address when SUPPORT_EMAIL is not set. */
export const DEFAULT_SUPPORT_EMAIL = 'support@hourmark.app';

/** Reads the settings of the README's configuration table. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const hops = Number(env['TRUST_PROXY'] ?? '0');
  const publicUrl = parsePublicUrl(env['PUBLIC_URL']);
  const hosts = hostRules(env);
  return {
    databaseUrl: env['DATABASE_URL'] || undefined,
    dataDir: env['DATA_DIR'] || './data',
    allowedOrigins: (env['ALLOWED_ORIGINS'] ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxyHops: Number.isInteger(hops) && hops > 0 ? Math.min(hops, 10) : 0,
    publicUrl,
    appUrl: hosts.appUrl,
    ownOrigins: hosts.ownOrigins,
    smtpUrl: env['SMTP_URL'] || undefined,
    mailFrom: env['MAIL_FROM'] || 'Hourmark <no-reply@hourmark.app>',
    supportEmail: env['SUPPORT_EMAIL'] || DEFAULT_SUPPORT_EMAIL,
  };
}

let cached: ServerConfig | null = null;
/** This process's settings, read from the environment on first use (not on every request). */
export function serverConfig(): ServerConfig {
  cached ??= readConfig();
  return cached;
}
