import { z } from 'zod';
import type { RowProblem } from './entry';
import { keepableStructure, type ImportStructure, type StructureProject } from './structure';

// Toggl Track's account export (Profile → Settings → Export data → "Export account data"): a zip
// of JSON files, named as Toggl writes them (solidtime's TogglDataImporter reads the same zip):
// clients.json, projects.json, tags.json, workspace_users.json, projects_users/<project id>.json
// and tasks/<project id>.json. It holds the structure and no time entries.

export const TOGGL_ACCOUNT_NAME = 'Toggl Track account export (zip)';

const id = z.union([z.number(), z.string()]).transform(String);
// Long names are read and then listed as problems (keepableStructure), not refused as not Toggl's.
const name = z.string().trim().min(1).max(10_000);

const clientsFile = z.array(z.object({ id, name, archived: z.boolean().nullish() }).passthrough());
const projectsFile = z.array(
  z
    .object({
      id,
      name,
      client_id: id.nullish(),
      cid: id.nullish(),
      billable: z.boolean().nullish(),
      rate: z.number().min(0).nullish(),
      active: z.boolean().nullish(),
      status: z.string().nullish(),
    })
    .passthrough(),
);
const tagsFile = z.array(z.object({ name }).passthrough());
const usersFile = z.array(
  z
    .object({
      uid: id.nullish(),
      id: id.nullish(),
      email: z.string().nullish(),
      name: z.string().nullish(),
    })
    .passthrough(),
);
const projectUsersFile = z.array(z.object({ user_id: id }).passthrough());
const tasksFile = z.array(z.object({ name }).passthrough());

export type ReadTogglAccount =
  { ok: true; structure: ImportStructure; problems: RowProblem[] } | { ok: false; message: string };

/** Whether a zip's file names look like Toggl's account export (it has its two main files). */
export function isTogglAccount(files: ReadonlyMap<string, string>): boolean {
  return files.has('clients.json') && files.has('projects.json');
}

/**
 * The structure of Toggl's account export, from its files' texts by path within the zip
 * (a leading folder taken off). A file that is not Toggl's JSON names itself in the message.
 */
export function readTogglAccount(files: ReadonlyMap<string, string>): ReadTogglAccount {
  const problem = (file: string) => ({
    ok: false as const,
    message: `${file} in this zip is not Toggl Track’s account export: it does not hold the list Toggl writes there. Export your account data from Toggl again (Profile → Settings → Export data) and upload that zip.`,
  });
  const parse = <S extends z.ZodTypeAny>(
    file: string,
    schema: S,
    required: boolean,
  ): z.output<S> | null | 'bad' => {
    const text = files.get(file);
    if (text === undefined) return required ? 'bad' : null;
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      return parsed.success ? (parsed.data as z.output<S>) : 'bad';
    } catch {
      return 'bad';
    }
  };
  const clients = parse('clients.json', clientsFile, true);
  if (clients === 'bad' || clients === null) return problem('clients.json');
  const projects = parse('projects.json', projectsFile, true);
  if (projects === 'bad' || projects === null) return problem('projects.json');
  const tags = parse('tags.json', tagsFile, false);
  if (tags === 'bad') return problem('tags.json');
  const users = parse('workspace_users.json', usersFile, false);
  if (users === 'bad') return problem('workspace_users.json');

  const clientName = new Map(clients.map((c) => [c.id, c.name]));
  // Project users name Toggl's user id (`uid` of workspace_users.json).
  const userOf = new Map<string, { email: string; name: string }>();
  for (const user of users ?? []) {
    const person = {
      email: (user.email ?? '').trim().toLowerCase(),
      name: (user.name ?? '').trim(),
    };
    if (user.uid) userOf.set(user.uid, person);
  }
  const structured: StructureProject[] = [];
  for (const [index, p] of projects.entries()) {
    const taskList = parse(`tasks/${p.id}.json`, tasksFile, false);
    if (taskList === 'bad') return problem(`tasks/${p.id}.json`);
    const onProject = parse(`projects_users/${p.id}.json`, projectUsersFile, false);
    if (onProject === 'bad') return problem(`projects_users/${p.id}.json`);
    const clientId = p.client_id ?? p.cid ?? null;
    const billable = p.billable ?? false;
    const rate = billable && p.rate && p.rate > 0 ? p.rate : null;
    structured.push({
      line: index + 1,
      file: 'projects.json',
      name: p.name,
      client: clientId ? (clientName.get(clientId) ?? '') : '',
      billable: !billable ? 'false' : rate !== null ? 'project' : 'member',
      rate,
      archived: p.active === false || p.status === 'archived',
      tasks: (taskList ?? []).map((t) => t.name),
      members: (onProject ?? []).flatMap((u) => {
        const person = userOf.get(u.user_id);
        return person && (person.email || person.name) ? [person] : [];
      }),
    });
  }
  const kept = keepableStructure({
    clients: clients.map((c, index) => ({
      name: c.name,
      archived: c.archived === true,
      line: index + 1,
      file: 'clients.json',
    })),
    projects: structured,
    tags: (tags ?? []).map((t) => t.name),
    notCarried: [
      'colours',
      'per-member project rates',
      'estimates and fixed fees',
      'groups',
      'tags (Hourmark keeps tags on time logs)',
    ],
  });
  return { ok: true, ...kept };
}
