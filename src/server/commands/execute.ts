import { can } from '../../lib/policy';
import {
  workspaceCommands,
  type WorkspaceArgs,
  type WorkspaceCommandName,
} from '../../lib/commands/workspace-commands';
import { commit } from '../commit/commit';
import { fieldMessages } from '../http/body';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { tell } from './effects';
import { workspaceWrites, type WriteResult } from './writes';

// The one way a workspace command is run on the server (issue 48): its arguments parsed by the
// catalog's schema (src/lib/commands/workspace-commands.ts), the policy asked with the command's
// own action, and its write done inside one commit() under the command's name, which writes the
// change history and pokes the devices. Handlers only read the request and turn the answer into
// HTTP; no handler asks for a role or commits itself (tests/server/one-write-path.test.ts).

/** Why a command was not run, as the HTTP answer says it. */
export interface CommandRefusal {
  ok: false;
  status: 400 | 403 | 404;
  error: 'invalid_request' | 'forbidden' | 'not_member' | 'not_found';
  message: string;
  fields?: Record<string, string>;
}

export type Executed<N extends WorkspaceCommandName> =
  { ok: true; result: WriteResult<N>; version: number; changed: boolean } | CommandRefusal;

/** Why `actor` may not run `name` at all (before its arguments are read), or null. */
export function commandRefusal(
  actor: Membership,
  name: WorkspaceCommandName,
): CommandRefusal | null {
  const { action } = workspaceCommands[name];
  const refused = action ? can(actor, action, 'workspace', {}) : null;
  return refused ? { ok: false, status: 403, error: 'forbidden', message: refused } : null;
}

/** The message and the fields a parse failure gives, as every form shows them. */
export function invalidArgs(
  issues: readonly { path: (string | number)[]; message: string }[],
): CommandRefusal {
  const fields = fieldMessages(issues);
  return {
    ok: false,
    status: 400,
    error: 'invalid_request',
    message: 'Some fields are missing or invalid.',
    fields,
  };
}

/**
 * Runs the command `name` with `args` for `actor` in their workspace: parsed, allowed by the
 * policy, written in one commit. The answer is the write's own (which may itself be a refusal
 * the write found, such as a name another team has), or why the command did not run.
 */
export async function execute<N extends WorkspaceCommandName>(
  db: Db,
  actor: Membership,
  name: N,
  args: unknown,
  now: Date,
): Promise<Executed<N>> {
  const parsed = workspaceCommands[name].args.safeParse(args);
  if (!parsed.success) return invalidArgs(parsed.error.issues);
  return executeParsed(db, actor, name, parsed.data as WorkspaceArgs<N>, now);
}

/**
 * `execute` for arguments the command's own schema has parsed already (a handler parses the
 * request's body with it first, so a malformed body is answered 400 before anything is read).
 */
export async function executeParsed<N extends WorkspaceCommandName>(
  db: Db,
  actor: Membership,
  name: N,
  input: WorkspaceArgs<N>,
  now: Date,
): Promise<Executed<N>> {
  const refused = commandRefusal(actor, name);
  if (refused) return refused;
  if ((input as { workspaceId?: unknown }).workspaceId !== actor.workspaceId)
    return {
      ok: false,
      status: 403,
      error: 'not_member',
      message: 'You are not a member of this workspace.',
    };
  const write = workspaceWrites[name];
  const subject = write.subject?.(input as never);
  const hooks = write as {
    changed?: (r: unknown) => boolean;
    heard?: (r: unknown) => boolean;
  };
  const changedBy = (result: WriteResult<N>) => hooks.changed?.(result) ?? true;
  const heardBy = (result: WriteResult<N>) => hooks.heard?.(result) ?? changedBy(result);
  const committed = await commit(
    db,
    {
      workspaceId: actor.workspaceId,
      userId: actor.userId,
      command: name,
      ...(subject ? { subject } : {}),
      at: now,
    },
    async (c) => {
      const result = (await write.write(c, actor, input as never, now)) as WriteResult<N>;
      // What it set off goes to the listeners in the same transaction (effects.ts).
      if (heardBy(result)) await tell(c.tx, actor, [{ name, args: input, steps: [] }]);
      return result;
    },
    changedBy,
  );
  if (!committed)
    return {
      ok: false,
      status: 404,
      error: 'not_found',
      message: 'This workspace does not exist.',
    };
  return { ok: true, ...committed };
}
