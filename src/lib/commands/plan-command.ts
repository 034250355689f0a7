import type { Command, CommandReader, Plan } from './catalog';

/**
 * What a command makes of `args` on the records `read` gives: its arguments parsed by its own
 * schema (defaults filled in, a bad one refused as `invalid_args` with the field named), then
 * its plan. The server's push (src/server/sync/apply-command.ts) and the browser's engine
 * (src/stores/sync/command-planner.ts) both call this, so the device plans a command on its
 * cache exactly as the server will plan it on its tables (issue 48).
 */
export async function planCommand(
  command: Command,
  args: unknown,
  read: CommandReader,
): Promise<Plan> {
  const parsed = command.args.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'arguments';
    return {
      ok: false,
      reason: 'invalid_args',
      message: `${where}: ${issue?.message ?? 'invalid'}`.slice(0, 300),
    };
  }
  return command.plan(parsed.data, read);
}
