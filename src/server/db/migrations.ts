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
  {
    id: '0002_throttle_devices',
    sql: `
-- Sign-in throttling: one row per key (an account, an address, a pair, a device) with the
-- attempts counted since the key was last quiet and the earliest moment the next one may run.
CREATE TABLE throttle (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  last_at timestamptz NOT NULL,
  next_at timestamptz NOT NULL
);
CREATE INDEX throttle_last_at ON throttle (last_at);
DROP TABLE login_failures;
-- Browsers that signed in successfully before (OWASP's device cookies): a correct password from
-- one of them is not held back by limits that attackers elsewhere have run into.
CREATE TABLE devices (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL
);
CREATE INDEX devices_user_id ON devices (user_id);
CREATE INDEX devices_last_used_at ON devices (last_used_at);
-- 'Remember me' unticked: the session lives hours, not 30 days.
ALTER TABLE sessions ADD COLUMN persistent boolean NOT NULL DEFAULT true;
CREATE INDEX sessions_expires_at ON sessions (expires_at);
`,
  },
];
