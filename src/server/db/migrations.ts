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
  {
    id: '0003_workspaces_sync',
    sql: `
-- Workspaces: the server becomes the source of truth (issue 10). Each record row carries its
-- workspace, the workspace version of its last change and a deleted flag, so a pull can send
-- what changed or disappeared since a version.
CREATE TABLE workspaces (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  version bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE TABLE memberships (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('Admin', 'Manager', 'Normal')),
  member_id text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX memberships_user_id ON memberships (user_id);
CREATE TABLE clients (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  data jsonb NOT NULL,
  version bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX clients_changes ON clients (workspace_id, version);
CREATE TABLE projects (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  data jsonb NOT NULL,
  client_id text,
  version bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX projects_changes ON projects (workspace_id, version);
CREATE TABLE tasks (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  data jsonb NOT NULL,
  project_id text,
  version bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX tasks_changes ON tasks (workspace_id, version);
CREATE TABLE members (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  data jsonb NOT NULL,
  version bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX members_changes ON members (workspace_id, version);
CREATE TABLE time_logs (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  data jsonb NOT NULL,
  date date NOT NULL,
  project_id text,
  task_id text,
  member_id text,
  seconds integer NOT NULL,
  expense_minor bigint NOT NULL,
  version bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX time_logs_changes ON time_logs (workspace_id, version);
CREATE INDEX time_logs_date ON time_logs (workspace_id, date);
CREATE TABLE timers (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);
-- One row per browser, account and workspace: the last mutation applied from it, so a retried
-- push is answered from mutation_results instead of being applied twice.
CREATE TABLE sync_clients (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  last_mutation_id bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sync_clients_workspace ON sync_clients (workspace_id, user_id);
CREATE TABLE mutation_results (
  client_id text NOT NULL REFERENCES sync_clients(id) ON DELETE CASCADE,
  mutation_id bigint NOT NULL,
  result jsonb NOT NULL,
  PRIMARY KEY (client_id, mutation_id)
);
-- Every existing account gets a workspace of its own (same id as the account), as Admin, with a
-- team-member record for itself.
INSERT INTO workspaces (id, name, version, created_at)
  SELECT id, name || '''s workspace', 1, now() FROM users;
INSERT INTO members (workspace_id, id, data, version, created_at, updated_at)
  SELECT id, id::text, jsonb_build_object('name', name, 'email', email, 'LoborRate', 0,
    'BillableRate', 0, 'Role', 'Admin', 'notes', '', 'status', 'Active',
    'autoAddToProjects', false), 1, now(), now() FROM users;
INSERT INTO memberships (workspace_id, user_id, role, member_id, created_at)
  SELECT id, id, 'Admin', id::text, now() FROM users;
`,
  },
  {
    id: '0004_pull_order_indexes',
    sql: `
-- Pull pages read each table in (version, id) order and stop at the page size; with id in the
-- index they no longer scan and sort everything changed after the cursor (docs/bench.md).
DROP INDEX clients_changes;
CREATE INDEX clients_pull ON clients (workspace_id, version, id);
DROP INDEX projects_changes;
CREATE INDEX projects_pull ON projects (workspace_id, version, id);
DROP INDEX tasks_changes;
CREATE INDEX tasks_pull ON tasks (workspace_id, version, id);
DROP INDEX members_changes;
CREATE INDEX members_pull ON members (workspace_id, version, id);
DROP INDEX time_logs_changes;
CREATE INDEX time_logs_pull ON time_logs (workspace_id, version, id);
`,
  },
  {
    id: '0005_log_amounts',
    sql: `
-- Each log's money, computed by src/lib (totals.ts logEconomy) when the log or a rate or rounding
-- it depends on is written, so sums are SQL over stored integers and agree with the browser.
ALTER TABLE time_logs
  ADD COLUMN billable_seconds integer NOT NULL DEFAULT 0,
  ADD COLUMN billable_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN cost_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN amounts_stale boolean NOT NULL DEFAULT true;
CREATE INDEX time_logs_amounts_stale ON time_logs (workspace_id) WHERE amounts_stale;
`,
  },
  {
    id: '0006_membership_reset_version',
    sql: `
-- The workspace version at which what this member may see last changed (role, assignment,
-- team, membership): a pull from a cookie older than it starts over, so the device replaces its
-- cache and loses the rows the member may no longer see.
ALTER TABLE memberships ADD COLUMN reset_version bigint NOT NULL DEFAULT 0;
`,
  },
  {
    id: '0007_support_messages',
    sql: `
-- Messages sent from /support, kept whether or not they could be mailed to SUPPORT_EMAIL, so
-- nothing a person wrote is lost when mail is off or the mail server refuses it.
CREATE TABLE support_messages (
  id uuid PRIMARY KEY,
  topic text NOT NULL,
  message text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  mail_outcome text NOT NULL
);
CREATE INDEX support_messages_created_at ON support_messages (created_at);
`,
  },
  {
    id: '0008_password_resets',
    sql: `
-- "Forgot password" links: a public handle and the SHA-256 of the secret (never the secret),
-- valid for an hour and once (used_at is set by the one request that takes it).
CREATE TABLE password_resets (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_id ON password_resets (user_id);
`,
  },
  {
    id: '0009_roles',
    sql: `
-- Roles enforced by the server (issue 11). Whether Managers see rates and amounts of their
-- projects is one workspace setting (off by default). An archived team member's membership
-- stays (their logs keep their name) but gives no access.
ALTER TABLE workspaces ADD COLUMN managers_see_amounts boolean NOT NULL DEFAULT false;
ALTER TABLE memberships ADD COLUMN archived boolean NOT NULL DEFAULT false;
-- Projects list their members in data->'memberIds'; who may see what is decided from it.
CREATE INDEX projects_member_ids ON projects USING gin ((data->'memberIds'));
CREATE INDEX time_logs_member ON time_logs (workspace_id, member_id);
CREATE INDEX time_logs_project ON time_logs (workspace_id, project_id);
`,
  },
  {
    id: '0010_invitations',
    sql: `
-- Invitations to a workspace for one team-member record's email and role: a public handle and
-- the SHA-256 of the secret, seven days, accepted once (or revoked).
CREATE TABLE invitations (
  id text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  member_id text NOT NULL,
  email text NOT NULL,
  secret_hash text NOT NULL,
  invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE INDEX invitations_workspace ON invitations (workspace_id, member_id);
`,
  },
  {
    id: '0011_workspace_rules',
    sql: `
-- The workspace's calendar (what "today" and "a week" are) and its locks (issue 11): logs dated
-- up to locked_up_to, and those an automatic lock has closed, are read-only except for Admins.
ALTER TABLE workspaces ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
ALTER TABLE workspaces ADD COLUMN week_start smallint NOT NULL DEFAULT 1;
ALTER TABLE workspaces ADD COLUMN locked_up_to text;
ALTER TABLE workspaces ADD COLUMN auto_lock text;
ALTER TABLE workspaces ADD COLUMN auto_lock_grace integer NOT NULL DEFAULT 0;
-- Every change to a log a rule protects (locked, approved, invoiced), as it was and became.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL,
  kind text NOT NULL,
  record_id text NOT NULL,
  action text NOT NULL,
  rules text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_workspace_at ON audit_log (workspace_id, at DESC);
`,
  },
  {
    id: '0012_teams',
    sql: `
-- Teams group team members (issue 11). A Manager who leads a team sees and manages, on their
-- projects, only the members of the teams they lead; one who leads none is not limited.
CREATE TABLE teams (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE TABLE team_members (
  workspace_id uuid NOT NULL,
  team_id text NOT NULL,
  member_id text NOT NULL,
  lead boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, team_id, member_id),
  FOREIGN KEY (workspace_id, team_id) REFERENCES teams (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX team_members_member ON team_members (workspace_id, member_id);
`,
  },
  {
    id: '0013_saved_reports',
    sql: `
-- Saved reports (issue 13): a person's named filter and grouping, with an optional weekly or
-- monthly mail. Its dates are a preset worked out each time it is opened, mailed or shared.
CREATE TABLE saved_reports (
  id text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  spec jsonb NOT NULL,
  schedule text,
  -- The workspace day the schedule was set: the first mail goes at the next period's start.
  scheduled_from text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX saved_reports_owner ON saved_reports (workspace_id, user_id);
-- Read-only public links to a saved report: random tokens stored hashed, expiring, revocable.
CREATE TABLE report_shares (
  id text PRIMARY KEY,
  saved_report_id text NOT NULL REFERENCES saved_reports(id) ON DELETE CASCADE,
  secret_hash text NOT NULL,
  with_amounts boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX report_shares_report ON report_shares (saved_report_id);
-- Work that must happen once however many server processes run: a job's key names it (one
-- report mail per report and period), and a process claims it with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  key text PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  run_at timestamptz NOT NULL,
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  done_at timestamptz,
  last_error text
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE done_at IS NULL;
`,
  },
  {
    id: '0014_pending_registrations',
    sql: `
-- With mail on, a sign-up waits here until its confirmation link is opened (issue 11), so the
-- answer to "register" is the same whether or not the email already has an account.
CREATE TABLE pending_registrations (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX pending_registrations_email ON pending_registrations (email);
`,
  },
  {
    id: '0015_invoices',
    sql: `
-- Invoices (issue 14). A draft reserves its logs (invoice_logs: a log is on one invoice at a
-- time) but they stay editable; issuing draws the next number from invoice_counters in the same
-- transaction (no gaps, no repeats) and freezes the document; the logs of an issued invoice
-- cannot change until it is voided, which releases them.
ALTER TABLE workspaces ADD COLUMN invoice_settings jsonb NOT NULL DEFAULT '{}'::jsonb;
CREATE TABLE invoices (
  id text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  client_id text NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  number text,
  issue_date text,
  due_date text,
  document jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  issued_at timestamptz,
  voided_at timestamptz
);
CREATE UNIQUE INDEX invoices_number ON invoices (workspace_id, number) WHERE number IS NOT NULL;
CREATE INDEX invoices_workspace ON invoices (workspace_id, status);
CREATE TABLE invoice_counters (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  scope text NOT NULL,
  last integer NOT NULL,
  PRIMARY KEY (workspace_id, scope)
);
CREATE TABLE invoice_logs (
  workspace_id uuid NOT NULL,
  log_id text NOT NULL,
  invoice_id text NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  PRIMARY KEY (workspace_id, log_id)
);
CREATE INDEX invoice_logs_invoice ON invoice_logs (invoice_id);
`,
  },
  {
    id: '0016_invoice_payments',
    sql: `
-- Payments received against an issued invoice (issue 14): partly paid until they reach its total.
CREATE TABLE invoice_payments (
  id text PRIMARY KEY,
  invoice_id text NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  paid_on text NOT NULL,
  amount_minor bigint NOT NULL,
  note text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id);
`,
  },
  {
    id: '0017_invoice_logos',
    sql: `
-- Logos uploaded for invoices (issue 14), kept by the SHA-256 of their bytes: the workspace's
-- settings name the current one and each issued invoice the one it was issued with, so a new
-- logo never changes an invoice already sent.
CREATE TABLE invoice_logos (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
`,
  },
  {
    id: '0018_credit_notes',
    sql: `
-- An issued invoice is never edited: voiding it issues a credit note for its whole amount, named
-- after it (CN-2026-0007), so the pair reads together in any ledger and the number is unique.
ALTER TABLE invoices ADD COLUMN credit_note text;
`,
  },
  {
    id: '0019_invoiced_amounts',
    sql: `
-- Amounts of invoiced logs are frozen from now on (issue 25, point 2); before, a rate or rounding
-- change after issuing computed them again, so reports of invoiced time no longer said what the
-- invoice billed. Put back what each issued invoice's time lines say, where a line tells its
-- logs' amounts apart: a line of one log gets the line's amount; a line of several logs of one
-- project, task and member (so billed at one rate) gets the one hourly rate that gives the
-- line's amount from the logs' billable seconds. Left as they are (docs/data-model.md and the
-- release note list them): lines edited by hand, lines mixing rates (several members or tasks),
-- lines whose billable hours changed since (a rounding change), and every log's labour cost,
-- which no invoice copied.
WITH issued AS (
  SELECT id, coalesce(document->'layout'->>'grouping', 'project') AS grouping, document->'lines' AS lines
  FROM invoices WHERE status = 'issued'
),
held AS (
  SELECT i.id AS invoice_id, l.workspace_id, l.id, l.billable_seconds, l.billable_minor,
    coalesce(l.project_id, '') || '/' || coalesce(l.task_id, '') || '/' || coalesce(l.member_id, '') AS basis,
    'time:' || CASE i.grouping
      WHEN 'task' THEN coalesce(l.project_id, '') || '/' || coalesce(l.task_id, '')
      WHEN 'member' THEN coalesce(l.member_id, '')
      WHEN 'day' THEN l.date::text
      WHEN 'single' THEN 'all'
      ELSE coalesce(l.project_id, '') END AS key
  FROM issued i
  JOIN invoice_logs il ON il.invoice_id = i.id
  JOIN time_logs l ON l.workspace_id = il.workspace_id AND l.id = il.log_id AND NOT l.deleted
),
lines AS (
  -- Invoices from before line keys were grouped by project and name the project on each line.
  SELECT i.id AS invoice_id,
    coalesce(line->>'key', 'time:' || coalesce(line->>'projectId', '')) AS key,
    (line->>'amountMinor')::bigint AS amount,
    (line->>'quantity')::numeric AS quantity
  FROM issued i, jsonb_array_elements(i.lines) AS line
  WHERE line->>'kind' = 'time' AND coalesce(line->>'edited', 'false') = 'false'
    AND (line ? 'key' OR i.grouping = 'project')
),
groups AS (
  SELECT h.invoice_id, h.key, min(n.amount) AS amount, count(*) AS logs,
    count(DISTINCT h.basis) AS bases,
    round(min(n.amount) * 3600.0 / sum(h.billable_seconds)) AS rate
  FROM held h JOIN lines n ON n.invoice_id = h.invoice_id AND n.key = h.key
  GROUP BY h.invoice_id, h.key
  HAVING count(DISTINCT n.amount) = 1 AND sum(h.billable_minor) <> min(n.amount)
    AND sum(h.billable_seconds) > 0 AND round(sum(h.billable_seconds) / 36.0) / 100 = min(n.quantity)
),
priced AS (
  SELECT h.invoice_id, h.key, h.workspace_id, h.id, g.logs, g.bases, g.amount,
    CASE WHEN g.logs = 1 THEN g.amount ELSE round(h.billable_seconds * g.rate / 3600.0) END AS minor
  FROM held h JOIN groups g ON g.invoice_id = h.invoice_id AND g.key = h.key
),
checked AS (
  SELECT *, sum(minor) OVER (PARTITION BY invoice_id, key) AS total FROM priced
)
UPDATE time_logs t SET billable_minor = c.minor
FROM checked c
WHERE t.workspace_id = c.workspace_id AND t.id = c.id
  AND (c.logs = 1 OR (c.bases = 1 AND c.total = c.amount));
`,
  },
  {
    id: '0020_mutation_fingerprints',
    sql: `
-- What each applied mutation asked (a SHA-256 of its name and arguments), so a push that sends
-- another change under an id already applied is told from a re-send and refused (issue 25,
-- point 5). Results stored before have none and still answer re-sends.
ALTER TABLE mutation_results ADD COLUMN fingerprint text;
`,
  },
  {
    id: '0021_billed_figures_to_devices',
    sql: `
-- Pulls now send an invoiced log with the figures its invoice froze ('billed', added when read:
-- src/server/sync/frozen-amounts.ts), so screens show what was billed, not today's rates. Logs
-- invoiced before, whose figures 0019 may also have put back, are marked changed once (each
-- such workspace's version goes up by one), so devices that hold them pull them again.
WITH bumped AS (
  UPDATE workspaces w SET version = w.version + 1
  WHERE EXISTS (SELECT 1 FROM time_logs l
    WHERE l.workspace_id = w.id AND NOT l.deleted AND l.data->>'invoice' IS NOT NULL)
  RETURNING w.id, w.version
)
UPDATE time_logs l SET version = b.version
FROM bumped b
WHERE l.workspace_id = b.id AND NOT l.deleted AND l.data->>'invoice' IS NOT NULL;
`,
  },
  {
    id: '0022_vat_numbers_apart',
    sql: `
-- A tax number was written on e-invoices as a VAT identifier (BT-31 / BT-48), which EN 16931
-- wants with an ISO country prefix (issue 27, BR-CO-09). The VAT number now has its own field
-- (vatNumber); taxNumber keeps any other number (a GSTIN: BT-32 of the seller, BT-47 of the
-- buyer). A stored number that starts with an ISO 3166-1 alpha-2 code (or EL) moves to
-- vatNumber; any other stays where it is and is no longer written as a VAT identifier. The same
-- test as isVatNumber in src/lib/invoice-tax.ts, on the number without spaces, dots or dashes.
UPDATE workspaces SET invoice_settings = invoice_settings
  || jsonb_build_object('vatNumber', invoice_settings->>'taxNumber', 'taxNumber', '')
WHERE coalesce(invoice_settings->>'vatNumber', '') = ''
  AND upper(regexp_replace(coalesce(invoice_settings->>'taxNumber', ''), '[[:space:].-]', '', 'g')) ~ '^(AD|AE|AF|AG|AI|AL|AM|AO|AQ|AR|AS|AT|AU|AW|AX|AZ|BA|BB|BD|BE|BF|BG|BH|BI|BJ|BL|BM|BN|BO|BQ|BR|BS|BT|BV|BW|BY|BZ|CA|CC|CD|CF|CG|CH|CI|CK|CL|CM|CN|CO|CR|CU|CV|CW|CX|CY|CZ|DE|DJ|DK|DM|DO|DZ|EC|EE|EG|EH|EL|ER|ES|ET|FI|FJ|FK|FM|FO|FR|GA|GB|GD|GE|GF|GG|GH|GI|GL|GM|GN|GP|GQ|GR|GS|GT|GU|GW|GY|HK|HM|HN|HR|HT|HU|ID|IE|IL|IM|IN|IO|IQ|IR|IS|IT|JE|JM|JO|JP|KE|KG|KH|KI|KM|KN|KP|KR|KW|KY|KZ|LA|LB|LC|LI|LK|LR|LS|LT|LU|LV|LY|MA|MC|MD|ME|MF|MG|MH|MK|ML|MM|MN|MO|MP|MQ|MR|MS|MT|MU|MV|MW|MX|MY|MZ|NA|NC|NE|NF|NG|NI|NL|NO|NP|NR|NU|NZ|OM|PA|PE|PF|PG|PH|PK|PL|PM|PN|PR|PS|PT|PW|PY|QA|RE|RO|RS|RU|RW|SA|SB|SC|SD|SE|SG|SH|SI|SJ|SK|SL|SM|SN|SO|SR|SS|ST|SV|SX|SY|SZ|TC|TD|TF|TG|TH|TJ|TK|TL|TM|TN|TO|TR|TT|TV|TW|TZ|UA|UG|UM|US|UY|UZ|VA|VC|VE|VG|VI|VN|VU|WF|WS|YE|YT|ZA|ZM|ZW)[0-9A-Z+*]{2,13}$';
-- Clients are synced: each workspace whose clients change goes up one version, and the moved
-- clients carry it, so devices pull them again.
UPDATE workspaces w SET version = w.version + 1
WHERE EXISTS (SELECT 1 FROM clients c WHERE c.workspace_id = w.id
  AND coalesce(c.data->>'vatNumber', '') = '' AND upper(regexp_replace(coalesce(c.data->>'taxNumber', ''), '[[:space:].-]', '', 'g')) ~ '^(AD|AE|AF|AG|AI|AL|AM|AO|AQ|AR|AS|AT|AU|AW|AX|AZ|BA|BB|BD|BE|BF|BG|BH|BI|BJ|BL|BM|BN|BO|BQ|BR|BS|BT|BV|BW|BY|BZ|CA|CC|CD|CF|CG|CH|CI|CK|CL|CM|CN|CO|CR|CU|CV|CW|CX|CY|CZ|DE|DJ|DK|DM|DO|DZ|EC|EE|EG|EH|EL|ER|ES|ET|FI|FJ|FK|FM|FO|FR|GA|GB|GD|GE|GF|GG|GH|GI|GL|GM|GN|GP|GQ|GR|GS|GT|GU|GW|GY|HK|HM|HN|HR|HT|HU|ID|IE|IL|IM|IN|IO|IQ|IR|IS|IT|JE|JM|JO|JP|KE|KG|KH|KI|KM|KN|KP|KR|KW|KY|KZ|LA|LB|LC|LI|LK|LR|LS|LT|LU|LV|LY|MA|MC|MD|ME|MF|MG|MH|MK|ML|MM|MN|MO|MP|MQ|MR|MS|MT|MU|MV|MW|MX|MY|MZ|NA|NC|NE|NF|NG|NI|NL|NO|NP|NR|NU|NZ|OM|PA|PE|PF|PG|PH|PK|PL|PM|PN|PR|PS|PT|PW|PY|QA|RE|RO|RS|RU|RW|SA|SB|SC|SD|SE|SG|SH|SI|SJ|SK|SL|SM|SN|SO|SR|SS|ST|SV|SX|SY|SZ|TC|TD|TF|TG|TH|TJ|TK|TL|TM|TN|TO|TR|TT|TV|TW|TZ|UA|UG|UM|US|UY|UZ|VA|VC|VE|VG|VI|VN|VU|WF|WS|YE|YT|ZA|ZM|ZW)[0-9A-Z+*]{2,13}$');
UPDATE clients c SET version = w.version,
  data = c.data || jsonb_build_object('vatNumber', c.data->>'taxNumber', 'taxNumber', '')
FROM workspaces w
WHERE w.id = c.workspace_id AND coalesce(c.data->>'vatNumber', '') = ''
  AND upper(regexp_replace(coalesce(c.data->>'taxNumber', ''), '[[:space:].-]', '', 'g')) ~ '^(AD|AE|AF|AG|AI|AL|AM|AO|AQ|AR|AS|AT|AU|AW|AX|AZ|BA|BB|BD|BE|BF|BG|BH|BI|BJ|BL|BM|BN|BO|BQ|BR|BS|BT|BV|BW|BY|BZ|CA|CC|CD|CF|CG|CH|CI|CK|CL|CM|CN|CO|CR|CU|CV|CW|CX|CY|CZ|DE|DJ|DK|DM|DO|DZ|EC|EE|EG|EH|EL|ER|ES|ET|FI|FJ|FK|FM|FO|FR|GA|GB|GD|GE|GF|GG|GH|GI|GL|GM|GN|GP|GQ|GR|GS|GT|GU|GW|GY|HK|HM|HN|HR|HT|HU|ID|IE|IL|IM|IN|IO|IQ|IR|IS|IT|JE|JM|JO|JP|KE|KG|KH|KI|KM|KN|KP|KR|KW|KY|KZ|LA|LB|LC|LI|LK|LR|LS|LT|LU|LV|LY|MA|MC|MD|ME|MF|MG|MH|MK|ML|MM|MN|MO|MP|MQ|MR|MS|MT|MU|MV|MW|MX|MY|MZ|NA|NC|NE|NF|NG|NI|NL|NO|NP|NR|NU|NZ|OM|PA|PE|PF|PG|PH|PK|PL|PM|PN|PR|PS|PT|PW|PY|QA|RE|RO|RS|RU|RW|SA|SB|SC|SD|SE|SG|SH|SI|SJ|SK|SL|SM|SN|SO|SR|SS|ST|SV|SX|SY|SZ|TC|TD|TF|TG|TH|TJ|TK|TL|TM|TN|TO|TR|TT|TV|TW|TZ|UA|UG|UM|US|UY|UZ|VA|VC|VE|VG|VI|VN|VU|WF|WS|YE|YT|ZA|ZM|ZW)[0-9A-Z+*]{2,13}$';
-- Issued invoices keep copies of both parties: the same move inside those copies.
UPDATE invoices SET document = jsonb_set(document, '{seller}', (document->'seller')
  || jsonb_build_object('vatNumber', document->'seller'->>'taxNumber', 'taxNumber', ''))
WHERE document ? 'seller' AND coalesce(document->'seller'->>'vatNumber', '') = ''
  AND upper(regexp_replace(coalesce((document->'seller')->>'taxNumber', ''), '[[:space:].-]', '', 'g')) ~ '^(AD|AE|AF|AG|AI|AL|AM|AO|AQ|AR|AS|AT|AU|AW|AX|AZ|BA|BB|BD|BE|BF|BG|BH|BI|BJ|BL|BM|BN|BO|BQ|BR|BS|BT|BV|BW|BY|BZ|CA|CC|CD|CF|CG|CH|CI|CK|CL|CM|CN|CO|CR|CU|CV|CW|CX|CY|CZ|DE|DJ|DK|DM|DO|DZ|EC|EE|EG|EH|EL|ER|ES|ET|FI|FJ|FK|FM|FO|FR|GA|GB|GD|GE|GF|GG|GH|GI|GL|GM|GN|GP|GQ|GR|GS|GT|GU|GW|GY|HK|HM|HN|HR|HT|HU|ID|IE|IL|IM|IN|IO|IQ|IR|IS|IT|JE|JM|JO|JP|KE|KG|KH|KI|KM|KN|KP|KR|KW|KY|KZ|LA|LB|LC|LI|LK|LR|LS|LT|LU|LV|LY|MA|MC|MD|ME|MF|MG|MH|MK|ML|MM|MN|MO|MP|MQ|MR|MS|MT|MU|MV|MW|MX|MY|MZ|NA|NC|NE|NF|NG|NI|NL|NO|NP|NR|NU|NZ|OM|PA|PE|PF|PG|PH|PK|PL|PM|PN|PR|PS|PT|PW|PY|QA|RE|RO|RS|RU|RW|SA|SB|SC|SD|SE|SG|SH|SI|SJ|SK|SL|SM|SN|SO|SR|SS|ST|SV|SX|SY|SZ|TC|TD|TF|TG|TH|TJ|TK|TL|TM|TN|TO|TR|TT|TV|TW|TZ|UA|UG|UM|US|UY|UZ|VA|VC|VE|VG|VI|VN|VU|WF|WS|YE|YT|ZA|ZM|ZW)[0-9A-Z+*]{2,13}$';
UPDATE invoices SET document = jsonb_set(document, '{buyer}', (document->'buyer')
  || jsonb_build_object('vatNumber', document->'buyer'->>'taxNumber', 'taxNumber', ''))
WHERE document ? 'buyer' AND coalesce(document->'buyer'->>'vatNumber', '') = ''
  AND upper(regexp_replace(coalesce((document->'buyer')->>'taxNumber', ''), '[[:space:].-]', '', 'g')) ~ '^(AD|AE|AF|AG|AI|AL|AM|AO|AQ|AR|AS|AT|AU|AW|AX|AZ|BA|BB|BD|BE|BF|BG|BH|BI|BJ|BL|BM|BN|BO|BQ|BR|BS|BT|BV|BW|BY|BZ|CA|CC|CD|CF|CG|CH|CI|CK|CL|CM|CN|CO|CR|CU|CV|CW|CX|CY|CZ|DE|DJ|DK|DM|DO|DZ|EC|EE|EG|EH|EL|ER|ES|ET|FI|FJ|FK|FM|FO|FR|GA|GB|GD|GE|GF|GG|GH|GI|GL|GM|GN|GP|GQ|GR|GS|GT|GU|GW|GY|HK|HM|HN|HR|HT|HU|ID|IE|IL|IM|IN|IO|IQ|IR|IS|IT|JE|JM|JO|JP|KE|KG|KH|KI|KM|KN|KP|KR|KW|KY|KZ|LA|LB|LC|LI|LK|LR|LS|LT|LU|LV|LY|MA|MC|MD|ME|MF|MG|MH|MK|ML|MM|MN|MO|MP|MQ|MR|MS|MT|MU|MV|MW|MX|MY|MZ|NA|NC|NE|NF|NG|NI|NL|NO|NP|NR|NU|NZ|OM|PA|PE|PF|PG|PH|PK|PL|PM|PN|PR|PS|PT|PW|PY|QA|RE|RO|RS|RU|RW|SA|SB|SC|SD|SE|SG|SH|SI|SJ|SK|SL|SM|SN|SO|SR|SS|ST|SV|SX|SY|SZ|TC|TD|TF|TG|TH|TJ|TK|TL|TM|TN|TO|TR|TT|TV|TW|TZ|UA|UG|UM|US|UY|UZ|VA|VC|VE|VG|VI|VN|VU|WF|WS|YE|YT|ZA|ZM|ZW)[0-9A-Z+*]{2,13}$';
`,
  },
  {
    id: '0023_payment_corrections',
    sql: `
-- Payments are corrected or deleted with a reason, kept in the audit log (issue 27, point 7).
ALTER TABLE audit_log ADD COLUMN reason text;
-- Voiding an invoice with payments says what became of the money: refunded to the client, or
-- kept as a credit the client's next invoice is offered as a payment.
ALTER TABLE invoices ADD COLUMN settlement text CHECK (settlement IN ('refund', 'credit'));
ALTER TABLE invoices ADD COLUMN settled_minor bigint;
CREATE TABLE client_credits (
  id text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  client_id text NOT NULL,
  from_invoice_id text NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  used_minor bigint NOT NULL DEFAULT 0 CHECK (used_minor >= 0 AND used_minor <= amount_minor),
  created_at timestamptz NOT NULL
);
CREATE INDEX client_credits_client ON client_credits (workspace_id, client_id);
-- A payment made from such a credit names it, so deleting the payment gives the credit back.
ALTER TABLE invoice_payments ADD COLUMN credit_id text REFERENCES client_credits(id);
`,
  },
  {
    id: '0024_change_log',
    sql: `
-- The change history (issue 26): one row per command the one commit applied (src/server/commit),
-- whoever sent it (a push, a REST call), at the workspace version it wrote: who did what, to which
-- records, with what. Activity and later the public API's event feed read it.
CREATE TABLE change_log (
  id text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  version bigint NOT NULL,
  at timestamptz NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL,
  command text NOT NULL,
  records jsonb NOT NULL,
  details jsonb
);
CREATE INDEX change_log_workspace_version ON change_log (workspace_id, version);
`,
  },
  {
    id: '0025_job_runner',
    sql: `
-- The job runner (issue 31): each claim gets a token, so only the process holding the lease can
-- renew it, finish or fail the job; each job says how many attempts it gets (its kind's), and
-- the runner prunes finished rows (done_at) after a retention period.
ALTER TABLE jobs ADD COLUMN claim_token text;
ALTER TABLE jobs ADD COLUMN max_attempts integer NOT NULL DEFAULT 5;
ALTER TABLE jobs ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX jobs_done ON jobs (done_at) WHERE done_at IS NOT NULL;
`,
  },
  {
    id: '0026_notices',
    sql: `
-- Notices (issue 31): what a person is told in the app (the bell), each event's channel as they
-- chose it, and the one-click unsubscribe links of the mails (the SHA-256 of their secrets).
CREATE TABLE notices (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
  event text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  path text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX notices_user ON notices (user_id, created_at DESC);
CREATE TABLE notice_preferences (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('app', 'mail', 'off')),
  hour smallint CHECK (hour BETWEEN 0 AND 23),
  PRIMARY KEY (user_id, event)
);
CREATE TABLE unsubscribe_links (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event text NOT NULL,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX unsubscribe_links_created ON unsubscribe_links (created_at);
`,
  },
  {
    id: '0027_require_project_and_task',
    sql: `
-- A workspace may require a project and a task on every log (issue 29, "Require project and
-- task" in Account setting → Workspace). Off for every workspace that exists: until now the log
-- form asked for them, but the server never did, so logs without them are stored.
ALTER TABLE workspaces ADD COLUMN require_project_and_task boolean NOT NULL DEFAULT false;
`,
  },
  {
    id: '0028_import_fingerprints',
    sql: `
-- Imports (issue 32): every row an import wrote, by its fingerprint (src/lib/import/fingerprint.ts:
-- who, when, how long and what, and its occurrence among identical rows of its file), so the same
-- file imported again, or an overlapping one, adds only rows not seen before. The preview reads
-- it; the import job writes a row with each log it creates, and undo removes them together.
CREATE TABLE import_fingerprints (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  import_id text NOT NULL,
  time_log_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, fingerprint)
);
CREATE INDEX import_fingerprints_import ON import_fingerprints (workspace_id, import_id);
`,
  },
  {
    id: '0029_imports',
    sql: `
-- Imports (issue 32): one row per import a person started. The file's bytes stay here until the
-- import ends (done or failed: set to NULL then) or for 7 days at most (the job runner's tick
-- clears older ones), so any server process can resume the job from position (entries of
-- the file done, committed with each batch). choices holds the person's answers (time zone,
-- date order, who each person of the file is); result what was created, skipped and found
-- imported before, and after an undo what it removed and kept.
CREATE TABLE imports (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz,
  source text NOT NULL,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  file_bytes bytea,
  choices jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'undone')),
  position integer NOT NULL DEFAULT 0,
  total_rows integer NOT NULL,
  result jsonb NOT NULL,
  error text
);
CREATE INDEX imports_workspace ON imports (workspace_id, created_at DESC);
`,
  },
  {
    id: '0030_import_file_chunks',
    sql: `
-- An import's file in chunks (issue 32, the upload in steps): the upload writes the file 128 KB
-- at a time, each chunk its own short statement, before the import's row exists (PGlite has one
-- connection: one 15 MB INSERT held it for most of a second). The job reads the chunks back in
-- order; they are deleted when the import ends, and by the job runner's tick 7 days after they
-- were written (chunks of an upload that never became an import included). No foreign key:
-- the chunks come first. imports.file_bytes stays for imports stored before this.
CREATE TABLE import_file_chunks (
  import_id uuid NOT NULL,
  seq integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (import_id, seq)
);
CREATE INDEX import_file_chunks_created ON import_file_chunks (created_at);
`,
  },
  {
    id: '0031_import_entries',
    sql: `
-- An import's entries staged at the upload (issue 32, memory that does not grow with the file):
-- the upload reads the file a slice at a time and writes each slice's entries here by position
-- (from 0, in the file's order) with their fingerprint, so each batch of the job reads only its
-- own rows and no process holds the whole file's entries. identity is the hash of the row's
-- identity without its occurrence (fingerprint.ts), counted here to number identical rows.
-- Deleted with the file's chunks when the import ends, and by the job runner's tick 7 days after
-- they were written. No foreign key: like the chunks, they are written before the import's row.
CREATE TABLE import_entries (
  import_id uuid NOT NULL,
  position integer NOT NULL,
  identity text NOT NULL,
  fingerprint text NOT NULL,
  entry jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (import_id, position)
);
CREATE INDEX import_entries_identity ON import_entries (import_id, identity);
CREATE INDEX import_entries_created ON import_entries (created_at);
`,
  },
  {
    id: '0032_approval_nobody_gave',
    sql: `
-- Issue 47, point 3: turning approval on for a project left its earlier logs 'approved' (a
-- project without approval calls every log so from the start), so their authors could not change
-- them any more though nobody had approved anything. Turning approval on now makes such logs
-- pending (src/server/sync/approval-start.ts); this does the same for projects switched on before.
-- A switch is read from the change history (change_log, since 0024): a project created with
-- approval, or an edit that turned it on after the history last said off. For each project whose
-- approval is on now and whose last switch is there, a log last written before that switch, still
-- 'approved', on no issued invoice and in no locked period, was approved by nobody: it becomes
-- pending. A log written since is left as it is (it may have been approved since), and so is every
-- log of a project switched on before its history began: nothing tells a default from a sign-off.
-- The automatic lock is taken as reaching today (UTC) less its grace, which leaves any log it may
-- lock as it is. Each workspace whose logs change goes up one version, which they carry.
WITH approval_changes AS (
  SELECT c.workspace_id, c.details->>'id' AS project_id, c.version, c.command,
    coalesce(c.details->'changes'->'approval', c.details->'fields'->'approval',
      c.details->'approval') AS approval
  FROM change_log c
  WHERE c.command IN ('createProject', 'updateProject', 'editProject')
), said AS (
  SELECT a.*,
    lag(a.approval) OVER (PARTITION BY a.workspace_id, a.project_id ORDER BY a.version) AS was,
    row_number() OVER (PARTITION BY a.workspace_id, a.project_id ORDER BY a.version DESC) AS latest
  FROM approval_changes a
  WHERE a.approval IS NOT NULL AND a.project_id IS NOT NULL
), switched_on AS (
  SELECT s.workspace_id, s.project_id, max(s.version) AS version
  FROM said s
  WHERE s.approval = 'true'::jsonb
    AND (s.was = 'false'::jsonb OR (s.was IS NULL AND s.command = 'createProject'))
  GROUP BY s.workspace_id, s.project_id
), still_on AS (
  SELECT o.workspace_id, o.project_id, o.version
  FROM switched_on o
  JOIN said last ON last.workspace_id = o.workspace_id AND last.project_id = o.project_id
    AND last.latest = 1 AND last.approval = 'true'::jsonb
  JOIN projects p ON p.workspace_id = o.workspace_id AND p.id = o.project_id
    AND NOT p.deleted AND p.data->'approval' = 'true'::jsonb
), nobody_gave AS (
  SELECT l.workspace_id, l.id
  FROM time_logs l
  JOIN still_on o ON o.workspace_id = l.workspace_id AND o.project_id = l.project_id
  JOIN workspaces w ON w.id = l.workspace_id
  WHERE NOT l.deleted AND l.version < o.version AND l.data->>'status' = 'approved'
    AND l.data->>'invoice' IS NULL
    AND (w.locked_up_to IS NULL OR to_char(l.date, 'YYYY-MM-DD') > w.locked_up_to)
    AND (w.auto_lock IS NULL OR l.date > (now() AT TIME ZONE 'UTC')::date - w.auto_lock_grace)
), bumped AS (
  UPDATE workspaces w SET version = w.version + 1
  WHERE w.id IN (SELECT workspace_id FROM nobody_gave)
  RETURNING w.id, w.version
)
UPDATE time_logs l SET data = l.data || '{"status":"pending"}'::jsonb, version = b.version,
  updated_at = now()
FROM nobody_gave n JOIN bumped b ON b.id = n.workspace_id
WHERE l.workspace_id = n.workspace_id AND l.id = n.id;
`,
  },
  {
    id: '0034_duration_format',
    sql: `
-- How a workspace shows durations on screen (issue 47, point 11; Account setting → Workspace):
-- 'clock' (1:20, what every screen but Projects showed) or 'decimal' (1.33). Every workspace
-- that exists keeps the clock.
ALTER TABLE workspaces ADD COLUMN duration_format text NOT NULL DEFAULT 'clock';
`,
  },
  {
    id: '0036_api_tokens',
    sql: `
-- Personal access tokens for the public API (issue 50): one person in one workspace, read or
-- write. Only the SHA-256 of the secret is kept (its 256 random bits need no slow hash, and a
-- token is checked on every request). last_used_at is written at most once a minute.
-- Deleting the account or the workspace deletes its tokens; leaving the workspace stops them at
-- the next request, which reads the membership.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('read', 'write')),
  secret_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_user_id ON api_tokens (user_id);
-- The public API lists time entries in the order they were made (keyset on created_at, id).
CREATE INDEX time_logs_created ON time_logs (workspace_id, created_at, id);
-- A POST's Idempotency-Key, per token, for 24 hours: the request it came with (a hash) and the
-- answer it got, so a retry after a dropped answer gets that answer instead of a second entry.
CREATE TABLE api_idempotency_keys (
  token_id uuid NOT NULL REFERENCES api_tokens(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (token_id, key)
);
`,
  },
  {
    id: '0037_api_rate_limits',
    sql: `
-- Rate limits of the public API, per token (issue 50): the generic cell rate algorithm, whose
-- whole state is one instant, tat (milliseconds since 1970: when the token has its whole
-- allowance back), and whether the last request passed. One INSERT … ON CONFLICT DO UPDATE per request reads and moves it,
-- so every server process sharing the database shares the count.
CREATE TABLE api_rate_limits (
  token_id uuid PRIMARY KEY REFERENCES api_tokens(id) ON DELETE CASCADE,
  tat bigint NOT NULL,
  passed boolean NOT NULL
);
`,
  },
];
