/**
 * Committed SQL migrations, applied in order once each (see migrate.ts). Kept as strings in a
 * module so they ship inside the server bundle. Never edit one that has been released: add a new one.
 */
export const migrations: { id: string; sql: string }[] = [
  {
    id: '0001_accounts',
    sql: `
CREATE TABLE users (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX login_failures_email_at ON login_failures (email, at);
CREATE INDEX login_failures_ip_at ON login_failures (ip, at);
`,
  },
];
