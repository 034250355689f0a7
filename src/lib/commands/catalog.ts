import { z, type ZodTypeAny } from 'zod';
import { statusAfterMove } from '../approvals';
import { htmlToText, textAsParagraph } from '../html-text';
import { projectBillsByDefault } from '../log-billable';
import { splitRunAtOffset } from '../stopwatch-run';
import { memberFields, projectFields, recordId, text } from '../sync/fields';
import type { RecordKindDescription } from '../records/kind';
import { kindDescriptions, type RecordKind } from '../records/kinds';
import type { MutationName, RefusalCode } from '../sync/mutations';
import { publicFieldsOf, toStoredFields } from './public-fields';

// Named commands (issue 26): each change a person can make, named for what it means, with its
// arguments under public names. A command plans the stored changes it makes (the mutations of
// ../sync/mutations.ts); each planned change is then checked by the one policy and written by
// the one commit like any other, so a command can do nothing a person could not do by hand.

type Fields = Record<string, unknown>;

/** What a command may read while it plans: the workspace as the one running it sees it. */
export interface CommandReader {
  /** A live record (null when there is none or it was deleted). */
  record: (kind: RecordKind, id: string) => Promise<Fields | null>;
  /** The running stopwatch of the person running the command (null when idle). */
  timer: () => Promise<Fields | null>;
  /** A new record id. */
  newId: () => string;
}

/** A stored change a command makes. */
export interface Step {
  name: MutationName;
  args: unknown;
}

export type Plan =
  { ok: true; steps: Step[] } | { ok: false; reason: RefusalCode; message: string };

export interface Command {
  /** What the command does, for docs/api.md and the public API's description. */
  summary: string;
  /** Its arguments, under public names. */
  args: ZodTypeAny;
  /** The stored changes it makes, given arguments `args` accepted (its parse output). */
  plan: (parsed: unknown, read: CommandReader) => Promise<Plan>;
}

const command = <A extends ZodTypeAny>(
  summary: string,
  args: A,
  plan: (args: z.infer<A>, read: CommandReader) => Promise<Plan> | Plan,
): Command => ({
  summary,
  args,
  // Only ever called with what `args` parsed (applyCommand), so the cast is what it says.
  plan: async (parsed, read) => plan(parsed, read),
});

const steps = (...list: Step[]): Plan => ({ ok: true, steps: list });
const notFound = (what: string): Plan => ({
  ok: false,
  reason: 'not_found',
  message: `This ${what} does not exist in this workspace.`,
});

/** When a record was first made: a device that was offline says so (kept when in the past). */
const createdAt = z.string().datetime({ offset: true }).optional();
const withId = (kind: RecordKind) => publicFieldsOf(kind).extend({ id: recordId, createdAt });
const changesOf = (kind: RecordKind) =>
  publicFieldsOf(kind)
    .partial()
    .extend({ id: recordId })
    .refine((c) => Object.keys(c).length > 1, 'Nothing to change');
const byId = z.object({ id: recordId }).strict();

type CrudNames<K extends RecordKind> = (typeof kindDescriptions)[K]['commands'][
  'create' | 'edit' | 'remove'];

/**
 * Create, edit and delete of one kind, under public names, named and planned as the kind's
 * description says (src/lib/records/kinds): its commands' names, its stored changes, its label.
 */
function crud<K extends RecordKind>(kind: K): Record<CrudNames<K>, Command> {
  const { label, mutations, commands: names } = kindDescriptions[kind] as RecordKindDescription;
  const stored = mutations as { create: MutationName; update: MutationName; remove: MutationName };
  const made = {
    [names.create]: command(
      `Creates a ${label} with every field.`,
      withId(kind),
      ({ id, createdAt: at, ...fields }) =>
        steps({
          name: stored.create,
          args: { id, fields: toStoredFields(kind, fields), ...(at ? { createdAt: at } : {}) },
        }),
    ),
    [names.edit]: command(
      `Changes the named fields of a ${label}.`,
      changesOf(kind),
      ({ id, ...changes }) =>
        steps({ name: stored.update, args: { id, changes: toStoredFields(kind, changes) } }),
    ),
    [names.remove]: command(`Deletes a ${label}.`, byId, ({ id }) =>
      steps({ name: stored.remove, args: { id } }),
    ),
  };
  // The keys are the description's names, which the return type spells out.
  return made as Record<CrudNames<K>, Command>;
}

const logFields = publicFieldsOf('timeLog');
/** A new log needs only its day and duration; everything else has the form's default. */
const addLogArgs = logFields
  .partial()
  .required({ date: true, durationSeconds: true })
  .extend({ id: recordId, createdAt });

/** Whether a new log on `projectId` is billable: as its project bills (issue 29); none, unsaid. */
async function billableOf(
  projectId: unknown,
  read: CommandReader,
): Promise<{ billable?: boolean }> {
  if (typeof projectId !== 'string') return {};
  return { billable: projectBillsByDefault(await read.record('project', projectId)) };
}

/** A log's status when it is made: pending on a project that asks for approval. */
async function firstStatus(projectId: unknown, read: CommandReader) {
  if (typeof projectId !== 'string') return 'approved';
  const project = await read.record('project', projectId);
  return project?.['approval'] === true ? 'pending' : 'approved';
}

/**
 * The status a log's edit gives it when the edit moves it to another project without naming a
 * status (src/lib/approvals.ts, statusAfterMove): nothing otherwise.
 */
async function statusOnMove(
  id: string,
  changes: Fields,
  read: CommandReader,
): Promise<{ status?: 'pending' | 'approved' }> {
  if (!('projectId' in changes) || 'status' in changes) return {};
  const log = await read.record('timeLog', id);
  if (!log) return {};
  const to = typeof changes['projectId'] === 'string' ? changes['projectId'] : null;
  const project = to ? await read.record('project', to) : null;
  const from = typeof log['projectId'] === 'string' ? log['projectId'] : null;
  const status = statusAfterMove(from, to, project?.['approval'] === true);
  return status ? { status } : {};
}

const runStart = z
  .object({
    /** When the run began, epoch milliseconds. */
    startedAt: z.number().int().positive(),
    /** The day the run is for, in the device's calendar. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'),
    runId: recordId.optional(),
    /**
     * The id for the logs of a run already going that has none (started by an older version):
     * the device names them, so its guess and the server's logs are the same records.
     */
    stoppedRunId: recordId.optional(),
    /** The device's clock, minutes ahead of UTC: where its midnights fall when a run is saved. */
    utcOffsetMinutes: z
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60),
  })
  .strict();

const entryArgs = z
  .object({
    projectId: recordId.nullable().default(null),
    taskId: recordId.nullable().default(null),
    memberId: recordId.nullable().default(null),
    tags: text(500).default(''),
    description: text(2000).default(''),
  })
  .strict();

/** The logs a running stopwatch saves when it stops at `stoppedAt`, then the idle stopwatch. */
async function stopSteps(
  stoppedAt: number,
  utcOffsetMinutes: number,
  read: CommandReader,
  namedRunId?: string,
) {
  const timer = await read.timer();
  if (!timer || timer['status'] !== 'running') return [];
  const startedAt = Number(timer['startedAt']);
  const entry = (timer['entry'] ?? {}) as Fields;
  const continued =
    typeof timer['continueLogId'] === 'string'
      ? await read.record('timeLog', timer['continueLogId'])
      : null;
  const from = timer['entry'] ? entry : (continued ?? {});
  // The stopwatch holds its description as plain text; a continued log's is editor HTML.
  const said = typeof from['desc'] === 'string' ? from['desc'] : '';
  const desc = textAsParagraph(timer['entry'] ? said : htmlToText(said));
  const projectId = typeof from['projectId'] === 'string' ? from['projectId'] : null;
  const status = await firstStatus(projectId, read);
  const billable = await billableOf(projectId, read);
  const runId = typeof timer['runId'] === 'string' ? timer['runId'] : (namedRunId ?? read.newId());
  const logs = splitRunAtOffset(startedAt, Math.max(startedAt, stoppedAt), utcOffsetMinutes).map(
    (run, index): Step => ({
      name: 'addTimeLog',
      args: {
        id: index === 0 ? runId : `${runId}-${index}`,
        fields: {
          date: run.date,
          projectId,
          taskId: typeof from['taskId'] === 'string' ? from['taskId'] : null,
          memberId: typeof from['memberId'] === 'string' ? from['memberId'] : null,
          tags: typeof from['tags'] === 'string' ? from['tags'] : '',
          desc,
          dur: run.seconds,
          st: run.st,
          end: run.end,
          exp: 0,
          status,
          ...billable,
        },
      },
    }),
  );
  return [...logs, { name: 'setTimer', args: { timer: { status: 'idle' } } } satisfies Step];
}

/** Starts a run with `entry`, saving a running one first (as ▶ and Start do on screen). */
async function startSteps(
  args: z.infer<typeof runStart>,
  entry: Fields | null,
  continueLogId: string | null,
  read: CommandReader,
) {
  const stopped = await stopSteps(args.startedAt, args.utcOffsetMinutes, read, args.stoppedRunId);
  const running = {
    status: 'running',
    startedAt: args.startedAt,
    day: args.day,
    continueLogId,
    runId: args.runId ?? read.newId(),
    // A run for nothing in particular has no entry, as the stopwatch on screen keeps it.
    ...(entry ? { entry } : {}),
  };
  return steps(...stopped.filter((s) => s.name !== 'setTimer'), {
    name: 'setTimer',
    args: { timer: running },
  });
}

/**
 * A run's project, task or member that does not exist, refused when the run starts: its stop
 * saves logs naming them, which would then be refused at every stop, leaving a stopwatch that
 * never stops (a script can name any id; the screen offers only what exists).
 */
async function missingReference(
  entry: { projectId?: string | null; taskId?: string | null; memberId?: string | null },
  read: CommandReader,
): Promise<Plan | null> {
  const named = [
    ['project', entry.projectId],
    ['task', entry.taskId],
    ['member', entry.memberId],
  ] as const;
  for (const [kind, id] of named)
    if (typeof id === 'string' && !(await read.record(kind, id)))
      return {
        ok: false,
        reason: 'unknown_reference',
        message: `This ${kind} does not exist in this workspace.`,
      };
  return null;
}

// A week of a team's logs fits many times over; a push body (1 MB) bounds it anyway.
const logIds = z.array(recordId).min(1, 'Name at least one log').max(5000);

/** Every command, by name. */
export const commands = {
  ...crud('client'),
  ...crud('project'),
  setProjectRates: command(
    'Sets how a project bills (by project, task or member rate, or not at all) and its own rate.',
    z
      .object({
        projectId: recordId,
        billableBy: projectFields.shape.billable,
        billableRate: projectFields.shape.billamount,
      })
      .strict(),
    ({ projectId, billableBy, billableRate }) =>
      steps({
        name: 'updateProject',
        args: { id: projectId, changes: { billable: billableBy, billamount: billableRate } },
      }),
  ),
  ...crud('task'),
  ...crud('member'),
  setMemberRates: command(
    'Sets a team member’s labour (cost) and billable rates per hour.',
    z
      .object({
        memberId: recordId,
        labourRate: memberFields.shape.LoborRate,
        billableRate: memberFields.shape.BillableRate,
      })
      .strict(),
    ({ memberId, labourRate, billableRate }) =>
      steps({
        name: 'updateMember',
        args: { id: memberId, changes: { LoborRate: labourRate, BillableRate: billableRate } },
      }),
  ),
  addLog: command(
    'Adds a time log: a day and a duration are enough; on a project that asks for approval it starts pending; `billable` defaults to whether its project bills.',
    addLogArgs,
    async ({ id, createdAt: made, ...given }, read) => {
      const fields = toStoredFields('timeLog', given);
      return steps({
        name: 'addTimeLog',
        args: {
          id,
          ...(made ? { createdAt: made } : {}),
          fields: {
            projectId: null,
            taskId: null,
            memberId: null,
            tags: '',
            desc: '',
            st: '',
            end: '',
            exp: 0,
            status: await firstStatus(fields['projectId'], read),
            ...(await billableOf(fields['projectId'], read)),
            ...fields,
          },
        },
      });
    },
  ),
  editLog: command(
    'Changes the named fields of a time log; moved to another project (and no status named), it is pending where that project asks for approval and approved where it does not.',
    changesOf('timeLog'),
    async ({ id, ...changes }, read) => {
      const stored = toStoredFields('timeLog', changes);
      return steps({
        name: 'updateTimeLog',
        args: { id, changes: { ...(await statusOnMove(String(id), stored, read)), ...stored } },
      });
    },
  ),
  deleteLog: command('Deletes a time log.', byId, ({ id }) =>
    steps({ name: 'deleteTimeLog', args: { id } }),
  ),
  submitWeek: command(
    'Sends a week’s pending or rejected logs for approval (a rejection’s note is cleared).',
    z.object({ logIds }).strict(),
    ({ logIds: ids }) =>
      steps(
        ...ids.map((id): Step => ({
          name: 'updateTimeLog',
          args: { id, changes: { status: 'submitted', reviewNote: '' } },
        })),
      ),
  ),
  reviewLogs: command(
    'Approves submitted logs, or rejects them with a note their author reads.',
    z
      .object({
        logIds,
        decision: z.enum(['approve', 'reject']),
        note: text(1000).default(''),
      })
      .strict(),
    ({ logIds: ids, decision, note }) =>
      steps(
        ...ids.map((id): Step => ({
          name: 'updateTimeLog',
          args: {
            id,
            changes:
              decision === 'approve'
                ? { status: 'approved' }
                : { status: 'rejected', reviewNote: note },
          },
        })),
      ),
  ),
  startTimer: command(
    'Starts the stopwatch for what `entry` names (saving a running one first).',
    runStart.extend({ entry: entryArgs.optional() }),
    async (args, read) => {
      const { description = '', ...entry } = args.entry ?? {};
      const missing = await missingReference(entry, read);
      if (missing) return missing;
      return startSteps(args, args.entry ? { ...entry, desc: description } : null, null, read);
    },
  ),
  stopTimer: command(
    'Stops the stopwatch and saves its run as logs, one per day it ran.',
    z
      .object({
        stoppedAt: z.number().int().positive(),
        utcOffsetMinutes: runStart.shape.utcOffsetMinutes,
        stoppedRunId: runStart.shape.stoppedRunId,
      })
      .strict(),
    async ({ stoppedAt, utcOffsetMinutes, stoppedRunId }, read) =>
      steps(...(await stopSteps(stoppedAt, utcOffsetMinutes, read, stoppedRunId))),
  ),
  continueLog: command(
    'Starts a new run with a log’s project, task, tags and description (the log is left alone).',
    runStart.extend({ logId: recordId }),
    async (args, read) => {
      const log = await read.record('timeLog', args.logId);
      if (!log) return notFound('time log');
      const entry = {
        projectId: log['projectId'] ?? null,
        taskId: log['taskId'] ?? null,
        memberId: null,
        tags: log['tags'] ?? '',
        desc: htmlToText(typeof log['desc'] === 'string' ? log['desc'] : '').slice(0, 2000),
      };
      return startSteps(args, entry, null, read);
    },
  ),
  editTimer: command(
    'Changes what the running stopwatch is for: its project, task, member, tags and description.',
    z.object({ entry: entryArgs }).strict(),
    async ({ entry: { description, ...entry } }, read) => {
      const timer = await read.timer();
      // Stopped meanwhile (another tab or device): nothing runs to change, so nothing is done.
      if (!timer || timer['status'] !== 'running') return steps();
      return steps({
        name: 'setTimer',
        args: { timer: { ...timer, entry: { ...entry, desc: description } } },
      });
    },
  ),
} as const satisfies Record<string, Command>;

export type CommandName = keyof typeof commands;

/**
 * The command a pushed change names, or null when it is a stored-change mutation: devices from
 * before commands send `createClient { id, fields }`, which only the mutation's own schema
 * accepts, while the command takes the fields by public name.
 */
export function commandOf(name: string, args: unknown): Command | null {
  if (!Object.hasOwn(commands, name)) return null;
  const found: Command = commands[name as CommandName];
  const legacyShape = typeof args === 'object' && args !== null && 'fields' in args;
  return legacyShape && name.startsWith('create') ? null : found;
}
