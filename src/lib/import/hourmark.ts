import type { ZodType, ZodTypeDef } from 'zod';
import { clientSchema, type Client } from '../entities/client';
import { memberSchema, type Member } from '../entities/member';
import { projectSchema, type Project } from '../entities/project';
import { taskSchema, type Task } from '../entities/task';
import { timeLogSchema } from '../entities/time-log';
import { stripControlCharacters } from '../storable-text';
import { htmlToText } from '../html-text';
import { dayOf } from '../sync/local-records';
import {
  clientToServer,
  lookupsOf,
  memberToServer,
  projectToServer,
  taskToServer,
  type Converted,
} from '../sync/convert';
import type { ImportEntry, RowProblem } from './entry';
import { sanitizeDescriptionHtml } from './rich-text-html';
import { lengthProblem } from './source';
import type { ImportStructure, StructurePerson, StructureProject } from './structure';

// Hourmark's own export (Account setting → Export my data, GET /api/export; issue 32) read as an
// import source: a JSON object with the documented keys `clients`, `project`, `task`, `Team`
// and `taskData`. Each record is decoded with its entity's schema, as the browser's stores read
// it, then checked with the server's write schema (src/lib/sync/convert.ts); one that fails
// either is a row that cannot be imported, named by its list and its number in it. The clients,
// projects, tasks and team members become the import's structure (created first, with their
// own fields); the logs become entries, each knowing its client, project, task and person by
// name, as every source's rows do.

export const HOURMARK_NAME = 'Hourmark export (JSON)';

/** The documented keys of an export, in the order its records are taken. */
const KEYS = ['Team', 'clients', 'project', 'task', 'taskData'] as const;
type ListKey = (typeof KEYS)[number];

/** The text of a file, once decoded, looks like JSON (an object or a list), not like CSV. */
export function looksLikeJson(text: string): boolean {
  const start = text.trimStart()[0];
  return start === '{' || start === '[';
}

export type ReadHourmark =
  | { ok: true; entries: ImportEntry[]; structure: ImportStructure; problems: RowProblem[] }
  | { ok: false; message: string };

const key = (text: string) => text.trim().toLowerCase();

/**
 * A record's place in the problems: its number in its list (1-based) as the line, the list
 * named in the reason (a JSON file has no lines a person would look up).
 */
const place = (list: ListKey, index: number) => ({
  line: index + 1,
  where: `${list} number ${index + 1}`,
});

async function decodeList<T>(
  data: Record<string, unknown>,
  list: ListKey,
  schema: ZodType<T, ZodTypeDef, unknown>,
  problems: RowProblem[],
  pause: () => Promise<void>,
): Promise<{ record: T; index: number }[]> {
  const value = data[list];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({
      line: 0,
      reason: `“${list}” is not a list, so none of its records is imported.`,
    });
    return [];
  }
  const kept: { record: T; index: number }[] = [];
  for (const [index, item] of value.entries()) {
    if (index % STEP === STEP - 1) await pause();
    const parsed = schema.safeParse(item);
    if (parsed.success) kept.push({ record: parsed.data, index });
    else {
      const issue = parsed.error.issues[0];
      const at = place(list, index);
      problems.push({
        line: at.line,
        reason: `${at.where} does not read: ${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}.`,
      });
    }
  }
  return kept;
}

/**
 * A decoded log's fields as the import writes them. The write schema is not asked here (it costs
 * about 60 µs a log, 6 s for 100,000): the job's bulk path judges every log with it
 * (`write-logs.ts`) and lists a refused one as a skipped row with its line and the schema's words.
 */
function logFieldsOf(record: DecodedLog) {
  // Ids as the lists' records are keyed (by their id as the file has it).
  const id = (value: string | null) => value || null;
  return {
    // The original app stored no date: the day the log was made is the best there is.
    date: record.date || dayOf(record.createdAt),
    projectId: id(record.projectId),
    taskId: id(record.taskId),
    memberId: id(record.memberId),
    tags: stripControlCharacters(record.tags),
    desc: record.desc,
    dur: Math.round(record.dur),
    st: record.st,
    end: record.end,
    exp: record.exp,
    status: record.status,
    billable: record.billable,
    // On an invoice of the server it comes from: invoiced, but not by this server.
    invoicedElsewhere: record.invoicedElsewhere === true || Boolean(record.invoice),
  };
}

/** The write schema's answer, or null with the problem listed. */
function converted<T>(
  result: Converted<T>,
  list: ListKey,
  index: number,
  problems: RowProblem[],
): T | null {
  if (result.ok) return result.fields;
  const at = place(list, index);
  problems.push({ line: at.line, reason: `${at.where} cannot be kept: ${result.problem}.` });
  return null;
}

/** Records read between pauses: 100,000 logs take about a second of schemas and sanitising. */
const STEP = 2000;
const noPause = () => Promise.resolve();

type DecodedLog = ReturnType<typeof timeLogSchema.parse>;

/**
 * Reads the text of an export; `ok: false` when it is not JSON or not an Hourmark export.
 * `pause` is awaited every 2,000 records, so a server goes on answering meanwhile.
 */
export async function readHourmarkExport(
  text: string,
  pause: () => Promise<void> = noPause,
): Promise<ReadHourmark> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message:
        'This file is not an Hourmark export: it is not JSON, or it is cut off. Export it again (Account setting → Export my data) and upload that file.',
    };
  }
  if (
    typeof data !== 'object' ||
    data === null ||
    Array.isArray(data) ||
    !KEYS.some((k) => Array.isArray((data as Record<string, unknown>)[k]))
  )
    return {
      ok: false,
      message:
        'This JSON file is not an Hourmark export: it holds no list of clients, projects (project), tasks (task), team members (Team) or time logs (taskData).',
    };
  return { ok: true, ...(await readRecords(data as Record<string, unknown>, pause)) };
}

async function readRecords(data: Record<string, unknown>, pause: () => Promise<void>) {
  const problems: RowProblem[] = [];
  const members = await decodeList<Member>(data, 'Team', memberSchema, problems, pause);
  const clients = await decodeList<Client>(data, 'clients', clientSchema, problems, pause);
  const projects = await decodeList<Project>(data, 'project', projectSchema, problems, pause);
  const tasks = await decodeList<Task>(data, 'task', taskSchema, problems, pause);
  const logs = await decodeList(data, 'taskData', timeLogSchema, problems, pause);
  const lookups = lookupsOf({
    clients: clients.map((c) => c.record),
    projects: projects.map((p) => p.record),
    tasks: tasks.map((t) => t.record),
    members: members.map((m) => m.record),
    logs: [],
  });

  // Team members: the people of the file (by email, lowercased; else by name).
  const people = new Map<string, StructurePerson>();
  const structureMembers: ImportStructure['members'] = [];
  for (const { record, index } of members) {
    const fields = converted(memberToServer(record), 'Team', index, problems);
    if (!fields) continue;
    const person = { email: key(fields.email), name: fields.name.trim() };
    people.set(record.id, person);
    structureMembers.push({ ...person, fields: { ...fields, email: person.email } });
  }
  const personOf = (id: string) => people.get(id);

  const clientName = new Map<string, string>();
  const structureClients: ImportStructure['clients'] = [];
  for (const { record, index } of clients) {
    const fields = converted(clientToServer(record), 'clients', index, problems);
    if (!fields) continue;
    clientName.set(record.id, fields.name);
    const { name, status, ...rest } = fields;
    structureClients.push({
      name,
      archived: status === 'Archived',
      line: place('clients', index).line,
      fields: rest,
    });
  }

  const projectById = new Map<string, StructureProject>();
  for (const { record, index } of projects) {
    const fields = converted(projectToServer(record, lookups), 'project', index, problems);
    if (!fields) continue;
    const { projectName, clientId, billable, billamount, status, memberIds, ...rest } = fields;
    projectById.set(record.id, {
      name: projectName,
      // A project whose client is not in the file keeps no client, as it could have none.
      client: clientId ? (clientName.get(clientId) ?? '') : '',
      billable,
      rate: billamount,
      archived: status === 'Archived',
      tasks: [],
      members: (memberIds ?? []).flatMap((id) => personOf(id) ?? []),
      line: place('project', index).line,
      fields: rest,
      taskDetails: [],
    });
  }

  const taskById = new Map<string, { project: string; name: string }>();
  for (const { record, index } of tasks) {
    const fields = converted(taskToServer(record, lookups), 'task', index, problems);
    if (!fields) continue;
    const project = projectById.get(fields.projectId);
    if (!project) {
      const at = place('task', index);
      problems.push({
        line: at.line,
        reason: `${at.where} (“${fields.task.slice(0, 60)}”) belongs to a project that is not in the file.`,
      });
      continue;
    }
    const id = record.id ?? '';
    taskById.set(id, { project: fields.projectId, name: fields.task });
    project.tasks.push(fields.task);
    project.taskDetails?.push({
      name: fields.task,
      billableRate: fields.billableRate,
      assignees: fields.assigneeIds.flatMap((m) => personOf(m) ?? []),
    });
  }

  const entries: ImportEntry[] = [];
  for (const { record, index } of logs) {
    const at = place('taskData', index);
    if (index % STEP === STEP - 1) await pause();
    // Logs the original app wrote have no id; their place in the file names them.
    const id = record.id ?? `legacy-${index}`;
    const fields = logFieldsOf(record);
    if (!fields.date) {
      problems.push({ line: at.line, reason: `${at.where}: It has no date.` });
      continue;
    }
    const refuse = (why: string) =>
      problems.push({ line: at.line, reason: `${at.where} (${fields.date}): ${why}` });
    const length = lengthProblem(fields.dur);
    if (length) {
      refuse(length);
      continue;
    }
    const person = fields.memberId ? personOf(fields.memberId) : undefined;
    if (!person) {
      refuse(
        fields.memberId
          ? 'Its team member is not in the file.'
          : 'It names no team member, and a log is always someone’s.',
      );
      continue;
    }
    const project = fields.projectId ? projectById.get(fields.projectId) : undefined;
    if (fields.projectId && !project) {
      refuse('Its project is not in the file (it was deleted).');
      continue;
    }
    const task = fields.taskId ? taskById.get(fields.taskId) : undefined;
    if (fields.taskId && !task) {
      refuse('Its task is not in the file (it was deleted).');
      continue;
    }
    const html = sanitizeDescriptionHtml(fields.desc);
    entries.push({
      line: at.line,
      person,
      client: project?.client ?? '',
      project: project?.name ?? '',
      // A task of another project (the original app allowed it) is left off, as the upload did.
      task: task && task.project === fields.projectId ? task.name : '',
      description: htmlToText(html),
      // true or absent: billed as the project says; false bills nothing (issue 29).
      billable: fields.billable !== false,
      date: fields.date,
      startTime: fields.st,
      durationSeconds: fields.dur,
      tags: fields.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      amountMinor: null,
      currency: null,
      invoicedElsewhere: fields.invoicedElsewhere,
      approved: fields.status === 'approved',
      labourRate: null,
      hourmark: { id, descriptionHtml: html, endTime: fields.end, expenses: fields.exp },
    });
  }

  const structure: ImportStructure = {
    clients: structureClients,
    projects: [...projectById.values()],
    tags: [],
    notCarried: [],
    members: structureMembers,
  };
  return { entries, structure, problems };
}
