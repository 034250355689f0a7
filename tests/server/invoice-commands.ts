import type { WorkspaceCommandName } from '../../src/lib/commands/workspace-commands';
import { execute } from '../../src/server/commands/execute';
import type { WriteResult } from '../../src/server/commands/writes';
import type { Db } from '../../src/server/db/connect';
import type { DraftLayout } from '../../src/lib/invoice-lines';
import type { Settlement } from '../../src/server/invoices/invoices';
import type { Membership } from '../../src/server/sync/permissions';

// The invoice commands as the server tests call them, through the one execute (issue 48): the
// same path as the REST handlers, without HTTP. A command that does not run answers as the
// write's own refusals do: { ok: false, status, message }.

type Refused = { ok: false; status: number; message: string; fields?: Record<string, string> };

async function run<N extends WorkspaceCommandName>(
  db: Db,
  membership: Membership,
  name: N,
  args: Record<string, unknown>,
  now: Date,
): Promise<WriteResult<N> | Refused> {
  const done = await execute(
    db,
    membership,
    name,
    { workspaceId: membership.workspaceId, ...args },
    now,
  );
  if (done.ok) return done.result;
  return {
    ok: false,
    status: done.status,
    message: done.message,
    ...(done.fields ? { fields: done.fields } : {}),
  };
}

export const createDraft = (
  db: Db,
  membership: Membership,
  input: { clientId: string; from: string; to: string; projectIds: string[] },
  now: Date,
) => run(db, membership, 'draftInvoice', input, now);

export const issueInvoice = (
  db: Db,
  membership: Membership,
  id: string,
  issueDate: string,
  now: Date,
) => run(db, membership, 'issueInvoice', { id, issueDate }, now);

export const voidInvoice = (
  db: Db,
  membership: Membership,
  id: string,
  now: Date,
  settlement: Settlement | null = null,
) => run(db, membership, 'voidInvoice', { id, ...(settlement ? { settlement } : {}) }, now);

export const updateDraft = (
  db: Db,
  membership: Membership,
  id: string,
  layout: DraftLayout,
  now: Date,
) => run(db, membership, 'saveDraft', { id, layout }, now);
