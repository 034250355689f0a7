/** Server settings read from the environment once. */
export interface ServerConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  allowedOrigins: string[];
  trustProxy: boolean;
}

/** Reads DATABASE_URL, DATA_DIR, ALLOWED_ORIGINS and TRUST_PROXY. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    databaseUrl: env['DATABASE_URL'] || undefined,
    dataDir: env['DATA_DIR'] || './data',
    allowedOrigins: (env['ALLOWED_ORIGINS'] ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: env['TRUST_PROXY'] === '1',
  };
}
