import type { z } from 'zod';
import type { Client } from '../entities/client';
import type { Member } from '../entities/member';
import type { Project } from '../entities/project';
import type { Task } from '../entities/task';
import type { TimeLog } from '../entities/time-log';
import { clientFields, memberFields, projectFields, taskFields, timeLogFields } from './fields';

/**
 * Between the records the browser keeps under the documented keys (with their legacy fields and
 * shown labels) and the strict fields the server stores (records by id, no labels). Labels such
 * as a log's "Client / Project" are derived again from the current names when records come back,
 * so renaming a client shows the new name everywhere.
 */

/** Everything a workspace holds, as the browser keeps it. */
export interface LocalRecords {
  clients: Client[];
  projects: Project[];
  tasks: Task[];
  members: Member[];
  logs: TimeLog[];
}

/** A converted record, or why it cannot go to the server as it is. */
export type Converted<T> =
  { ok: true; id: string; fields: T } | { ok: false; id: string; problem: string };

function checked<T extends z.ZodTypeAny>(
  schema: T,
  id: string,
  candidate: unknown,
): Converted<z.infer<T>> {
  const result = schema.safeParse(candidate);
  if (result.success) return { ok: true, id, fields: result.data as z.infer<T> };
  const issue = result.error.issues[0];
  return {
    ok: false,
    id,
    problem: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}`,
  };
}

/** Names and ids the conversions look records up by (legacy records refer by name). */
export interface Lookups {
  clientIdByName: Map<string, string>;
  projectIdByName: Map<string, string>;
  memberIdByName: Map<string, string>;
}

/** Builds the name → id lookups of a workspace. */
export function lookupsOf(local: LocalRecords): Lookups {
  return {
    clientIdByName: new Map(local.clients.map((c) => [c.name, c.id])),
    projectIdByName: new Map(local.projects.map((p) => [p.projectName, p.id])),
    memberIdByName: new Map(local.members.map((m) => [m.name, m.id])),
  };
}

/** The calendar day of an ISO timestamp, or '' when there is none. */
const dayOf = (iso: string | undefined) => (iso && !iso.startsWith('1970') ? iso.slice(0, 10) : '');

export function clientToServer(c: Client) {
  return checked(clientFields, c.id, {
    name: c.name,
    contactPerson: c.contactPerson,
    email: c.email,
    phone: c.phone,
    address: c.address,
    taxName: c.taxName,
    taxPercentage: c.taxPercentage,
    taxNumber: c.taxNumber,
    status: c.status,
  });
}

export function projectToServer(p: Project, lookups: Lookups) {
  return checked(projectFields, p.id, {
    projectName: p.projectName,
    clientId: p.clientId ?? (p.client ? (lookups.clientIdByName.get(p.client) ?? null) : null),
    hours: p.hours,
    billamount: p.billamount,
    description: p.description,
    billable: p.billable,
    rounding: p.rounding,
    timeInterval: p.timeInterval,
    approval: p.approval,
    status: p.status,
  });
}

export function taskToServer(t: Task, lookups: Lookups) {
  const assigneeIds =
    t.assigneeIds.length > 0
      ? t.assigneeIds
      : t.assign.flatMap((name) => lookups.memberIdByName.get(name) ?? []);
  return checked(taskFields, t.id, {
    projectId: t.projectId ?? lookups.projectIdByName.get(t.project) ?? null,
    task: t.task,
    assigneeIds,
    billableRate: t.billableRate,
  });
}

export function memberToServer(m: Member) {
  return checked(memberFields, m.id, {
    name: m.name,
    email: m.email,
    LoborRate: m.LoborRate,
    BillableRate: m.BillableRate,
    Role: m.Role,
    notes: m.notes,
    status: m.status,
    autoAddToProjects: m.autoAddToProjects,
  });
}

/**
 * A log's server fields. The original app stored no date: the day it was created is the best
 * there is, and without that, `undatedDay` (the day of the upload, docs/spec-notes.md).
 */
export function timeLogToServer(l: TimeLog, undatedDay = '') {
  return checked(timeLogFields, l.id, {
    date: l.date || dayOf(l.createdAt) || undatedDay,
    projectId: l.projectId,
    taskId: l.taskId,
    memberId: l.memberId,
    tags: l.tags,
    desc: l.desc,
    dur: Math.round(l.dur),
    st: l.st,
    end: l.end,
    exp: l.exp,
    status: l.status,
  });
}

/** A record as pulls deliver it: its fields and its timestamps (ISO). */
export interface ServerRecord<T> {
  fields: T;
  createdAt: string;
  updatedAt: string;
}

/** Server records of each kind, keyed by record id. */
export interface ServerRecords {
  clients: Map<string, ServerRecord<z.infer<typeof clientFields>>>;
  projects: Map<string, ServerRecord<z.infer<typeof projectFields>>>;
  tasks: Map<string, ServerRecord<z.infer<typeof taskFields>>>;
  members: Map<string, ServerRecord<z.infer<typeof memberFields>>>;
  logs: Map<string, ServerRecord<z.infer<typeof timeLogFields>>>;
}

/**
 * The browser's records for what the server holds, with every label derived from the current
 * names: a project's client name, a task's project and assignee names, a log's "Client / Project"
 * and task name. Logs come newest day first, as the `taskData` key keeps them.
 */
export function localFromServer(server: ServerRecords): LocalRecords {
  const clientName = (id: string | null) => (id ? (server.clients.get(id)?.fields.name ?? '') : '');
  const projectName = (id: string | null) =>
    id ? (server.projects.get(id)?.fields.projectName ?? '') : '';
  const stamps = (r: ServerRecord<unknown>) => ({ createdAt: r.createdAt, updatedAt: r.updatedAt });
  const clients: Client[] = [...server.clients].map(([id, r]) => ({
    id,
    ...r.fields,
    ...stamps(r),
  }));
  const projects: Project[] = [...server.projects].map(([id, r]) => {
    // SPEC.md's creation day: day of month, 0-based month, full year (local time, as shown).
    const created = new Date(r.createdAt);
    return {
      id,
      ...r.fields,
      client: clientName(r.fields.clientId),
      task: [],
      date: created.getDate(),
      month: created.getMonth(),
      year: created.getFullYear(),
      ...stamps(r),
    };
  });
  const tasks: Task[] = [...server.tasks].map(([id, r]) => ({
    id,
    ...r.fields,
    project: projectName(r.fields.projectId),
    assign: r.fields.assigneeIds
      .map((m) => server.members.get(m)?.fields.name ?? '')
      .filter(Boolean),
    createdAt: r.createdAt,
  }));
  const members: Member[] = [...server.members].map(([id, r]) => ({
    id,
    ...r.fields,
    ...stamps(r),
  }));
  const logs: TimeLog[] = [...server.logs]
    .map(([id, r]): TimeLog => {
      const f = r.fields;
      const project = f.projectId ? server.projects.get(f.projectId)?.fields : undefined;
      const client = project?.clientId ? clientName(project.clientId) : '';
      return {
        id,
        ...f,
        client: project ? `${client || 'No client'} / ${project.projectName}` : '',
        task: f.taskId ? (server.tasks.get(f.taskId)?.fields.task ?? '') : '',
        ...stamps(r),
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
  return { clients, projects, tasks, members, logs };
}
