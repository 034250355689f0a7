/** Server settings read from the environment once. */
export interface ServerConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  allowedOrigins: string[];
  /** How many reverse proxies append to X-Forwarded-For in front of us (0: none, ignore it). */
  trustProxyHops: number;
  /** The address people use, e.g. https://hourmark.example.com; https makes cookies Secure. */
  publicUrl: URL | undefined;
}

function parsePublicUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${value}`);
  }
}

/** Reads DATABASE_URL, DATA_DIR, ALLOWED_ORIGINS, TRUST_PROXY and PUBLIC_URL. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const hops = Number(env['TRUST_PROXY'] ?? '0');
  return {
    databaseUrl: env['DATABASE_URL'] || undefined,
    dataDir: env['DATA_DIR'] || './data',
    allowedOrigins: (env['ALLOWED_ORIGINS'] ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxyHops: Number.isInteger(hops) && hops > 0 ? Math.min(hops, 10) : 0,
    publicUrl: parsePublicUrl(env['PUBLIC_URL']),
  };
}

let cached: ServerConfig | null = null;
/** This process's settings, read from the environment on first use (not on every request). */
export function serverConfig(): ServerConfig {
  cached ??= readConfig();
  return cached;
}
