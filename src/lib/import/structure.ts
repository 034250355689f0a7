// The structure of a workspace read from an export that holds no time (issue 33): Toggl Track's
// account export (a zip of JSON), Clockify's projects CSV, Harvest's clients and projects CSVs.
// These files create clients, projects and tasks, and put existing members on projects; they
// never create time logs. Every source turns its file into this one shape.

import type { Billable } from '../entities/fast-project';
import type { RowProblem } from './entry';

export interface StructureClient {
  name: string;
  archived: boolean;
  /** Where the file has it: a CSV line, or its place in a JSON list (1-based). */
  line?: number;
  /** The file named in problems (Toggl's JSON), when not a CSV line. */
  file?: string;
  /** Hourmark's own export: the client's other fields (contact, address, tax …), kept. */
  fields?: Record<string, unknown>;
}

export interface StructureProject {
  name: string;
  /** '' for a project without client. */
  client: string;
  /** 'project' when the file gives the project's own rate, else 'member' or 'false'. */
  billable: Billable;
  /** The project's hourly rate (major units) when the file gives one. */
  rate: number | null;
  archived: boolean;
  tasks: string[];
  /** The people on the project, by email (lowercased) or, when the file has none, by name. */
  members: { email: string; name: string }[];
  line?: number;
  file?: string;
  /** Hourmark's own export: the project's other fields (budget, rounding, approval …), kept. */
  fields?: Record<string, unknown>;
  /** Hourmark's own export: each task's own billable rate and assignees (by email or name). */
  taskDetails?: { name: string; billableRate: number | null; assignees: StructurePerson[] }[];
}

/** A person of the file as the import keys them (by email, else by name). */
export interface StructurePerson {
  email: string;
  name: string;
}

/**
 * A team member of Hourmark's own export: one of the file's people (the people step says who
 * they become), created with their own fields (rates, role, notes) when they become new.
 */
export interface StructureMember extends StructurePerson {
  fields: Record<string, unknown>;
}

export interface ImportStructure {
  clients: StructureClient[];
  projects: StructureProject[];
  /** Tags the file names: Hourmark keeps tags on logs only, so none is created from these. */
  tags: string[];
  /** Things of the file Hourmark has no place for, said in the preview (colours, estimates …). */
  notCarried: string[];
  /** Hourmark's own export: its team members, taken before the clients. */
  members?: StructureMember[];
}

/** One record to find or create, in the order the job takes them (clients, projects, tasks). */
export type StructureItem =
  | { kind: 'member'; member: StructureMember }
  | { kind: 'client'; client: StructureClient }
  | { kind: 'project'; project: StructureProject }
  | { kind: 'task'; project: StructureProject; task: string };

const key = (name: string) => name.trim().toLowerCase();

/**
 * The records of a structure, once each (names compared case-insensitively, trimmed): clients
 * (named by the file or by its projects), then projects, then tasks; an Hourmark export's team
 * members come first. The job's position counts these, so the order must not change between
 * reads of one file.
 */
export function structureItems(structure: ImportStructure): StructureItem[] {
  const items: StructureItem[] = [];
  const people = new Set<string>();
  for (const member of structure.members ?? []) {
    const k = member.email || `name:${key(member.name)}`;
    if (people.has(k)) continue;
    people.add(k);
    items.push({ kind: 'member', member });
  }
  const clients = new Set<string>();
  const addClient = (client: StructureClient) => {
    if (!client.name.trim() || clients.has(key(client.name))) return;
    clients.add(key(client.name));
    items.push({ kind: 'client', client });
  };
  for (const client of structure.clients) addClient(client);
  for (const project of structure.projects) addClient({ name: project.client, archived: false });
  const projects = new Map<string, StructureProject>();
  for (const project of structure.projects) {
    const k = `${key(project.client)}\u0000${key(project.name)}`;
    if (!project.name.trim() || projects.has(k)) continue;
    projects.set(k, project);
    items.push({ kind: 'project', project });
  }
  for (const project of projects.values()) {
    const tasks = new Set<string>();
    for (const task of project.tasks) {
      if (!task.trim() || tasks.has(key(task))) continue;
      tasks.add(key(task));
      items.push({ kind: 'task', project, task });
    }
  }
  return items;
}

/** The longest names Hourmark keeps (src/lib/sync/fields.ts: clients 120, projects and tasks 200). */
export const NAME_LIMITS = { client: 120, project: 200, task: 200 } as const;

/**
 * The structure without the records whose names Hourmark cannot keep (the policy would refuse
 * them mid-import), each listed as a problem with where the file has it.
 */
export function keepableStructure(structure: ImportStructure): {
  structure: ImportStructure;
  problems: RowProblem[];
} {
  const problems: RowProblem[] = [];
  const where = (record: { line?: number; file?: string }) => ({
    line: record.line ?? 0,
    in: record.file ? ` (number ${record.line ?? 0} in ${record.file})` : '',
  });
  const fits = (
    kind: keyof typeof NAME_LIMITS,
    name: string,
    record: { line?: number; file?: string },
  ) => {
    if (name.trim().length <= NAME_LIMITS[kind]) return true;
    const at = where(record);
    problems.push({
      line: at.line,
      reason: `The ${kind} “${name.trim().slice(0, 40)}…”${at.in} has a name longer than ${NAME_LIMITS[kind]} characters, the most Hourmark keeps: it is not imported.`,
    });
    return false;
  };
  const clients = structure.clients.filter((c) => fits('client', c.name, c));
  const projects = structure.projects
    .filter((p) => fits('project', p.name, p) && (p.client === '' || fits('client', p.client, p)))
    .map((p) => ({ ...p, tasks: p.tasks.filter((t) => fits('task', t, p)) }));
  return { structure: { ...structure, clients, projects }, problems };
}
