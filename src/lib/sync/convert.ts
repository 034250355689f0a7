import type { z } from 'zod';
import type { Client } from '../entities/client';
import type { Member } from '../entities/member';
import type { Project } from '../entities/project';
import type { Task } from '../entities/task';
import type { TimeLog } from '../entities/time-log';
import { clientFields, memberFields, projectFields, taskFields, timeLogFields } from './fields';
import { dayOf, type LocalRecordOf } from './local-records';
import type { kindDescriptions, RecordKind } from '../records/kinds';
import { stripControlCharacters, stripControlCharactersDeep } from '../storable-text';
import { profileOf } from '../e-invoice-profile';

/**
 * From the records the browser keeps under the documented keys (with their legacy fields and
 * shown labels) to the strict fields the server stores (records by id, no labels), checked, for
 * uploads and imports. The way back, with labels derived from the current names, is
 * local-records.ts (used by the sync engine's rebase).
 */

/**
 * Everything a workspace holds, as the browser keeps it: each kind's records under its list's
 * name (its description's `list`), read from the registry.
 */
export type LocalRecords = {
  -readonly [K in RecordKind as (typeof kindDescriptions)[K]['list']]: LocalRecordOf[K][];
};

/** A converted record, or why it cannot go to the server as it is. */
export type Converted<T> =
  { ok: true; id: string; fields: T } | { ok: false; id: string; problem: string };

// Data kept in a browser from before may hold control characters the write schemas refuse (a
// paste into the original app's forms): they carry nothing a person meant, so an upload or an
// import drops them rather than leaving the record behind. Ids and the references to them are
// stripped alike, so they still match.
function checked<T extends z.ZodTypeAny>(
  schema: T,
  rawId: string,
  candidate: unknown,
): Converted<z.infer<T>> {
  const id = stripControlCharacters(rawId);
  const result = schema.safeParse(stripControlCharactersDeep(candidate));
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

export function clientToServer(c: Client) {
  return checked(clientFields, c.id, {
    name: c.name,
    contactPerson: c.contactPerson,
    email: c.email,
    phone: c.phone,
    address: c.address,
    country: c.country,
    taxName: c.taxName,
    taxPercentage: c.taxPercentage,
    taxNumber: c.taxNumber,
    vatNumber: c.vatNumber,
    city: c.city,
    postCode: c.postCode,
    eInvoiceProfile: profileOf(c.eInvoiceProfile),
    electronicAddress: c.electronicAddress,
    electronicAddressScheme: c.electronicAddressScheme,
    buyerReference: c.buyerReference,
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
    memberIds: p.memberIds ?? [],
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
    rateHistory: m.rateHistory ?? [],
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
    ...(l.reviewNote ? { reviewNote: l.reviewNote } : {}),
    ...(typeof l.billable === 'boolean' ? { billable: l.billable } : {}),
    ...(l.invoicedElsewhere === true ? { invoicedElsewhere: true } : {}),
  });
}
