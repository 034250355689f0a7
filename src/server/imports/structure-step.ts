import { randomUUID } from 'node:crypto';
import { personKeyOf } from '../../lib/import/labour-rates';
import type { ImportStructure, StructureItem, StructurePerson } from '../../lib/import/structure';
import { structureItems } from '../../lib/import/structure';
import type { MutationName } from '../../lib/sync/mutations';
import type { Db } from '../db/connect';
import { applyMutation, type ApplyContext } from '../sync/apply';
import { forgetEntries } from './file-entries';
import { ImportRefused } from './records-of-rows';
import type { StepOutcome } from './run-batch';
import { memberFor } from './structure-preview';
import { commitBatch } from './batch-start';
import { importOf, type ImportResult, type PersonChoice } from './store';
import { workspaceFacts } from './workspace-facts';

// One batch of an import of clients and projects without time (issue 33): the next records of
// the file, each found in the workspace (as the preview matches it) or created through the one
// policy (applyMutation), in one commit with the import's new position. The records a batch
// created are in the import's result, so undo removes them as it does a time report's.

/** Records a batch finds or creates at most (each creation is several statements). */
export const STRUCTURE_BATCH = 25;

const key = (name: string) => name.trim().toLowerCase();

export async function structureStep(
  db: Db,
  importId: string,
  structure: ImportStructure,
  now: Date,
  fail: (error: string) => Promise<void>,
  /** Entries the import takes after these records (Hourmark's own export's logs), or 0. */
  entriesAfter = 0,
): Promise<StepOutcome> {
  const started = await importOf(db, importId);
  const userId = started?.userId;
  if (!started || !userId) return 'ended';
  const items = structureItems(structure);
  const from = started.position;
  return commitBatch(
    db,
    { workspaceId: started.workspaceId, userId },
    importId,
    from,
    now,
    { fail, ended: () => forgetEntries(importId) },
    async ({ tx, version, current, membership }) => {
      const result = current.result;
      const ctx: ApplyContext = { runner: tx, membership, version, now, touched: [] };
      const facts = await workspaceFacts(tx, started.workspaceId);
      const batch = items.slice(from, from + STRUCTURE_BATCH);
      let changed = 0;
      const create = async (name: MutationName, fields: Record<string, unknown>) => {
        const id = randomUUID();
        const outcome = await applyMutation(ctx, { id: 0, name, args: { id, fields } });
        if (outcome.outcome !== 'ok')
          throw new ImportRefused(
            outcome.message ?? `${name} was refused (${outcome.reason ?? ''}).`,
          );
        changed += 1;
        return id;
      };
      const found = findIn(facts);
      const people = peopleOf(structure, current.choices.people, facts.members, result);
      for (const item of batch) await take(item, found, create, people, result);
      const position = from + batch.length;
      const ended = position >= items.length && entriesAfter === 0;
      return {
        changed,
        ended,
        position,
        result,
        details: { fromLine: null, rows: batch.length, logs: 0 },
      };
    },
  );
}

type Facts = Awaited<ReturnType<typeof workspaceFacts>>;

/** Who a person of the file is in the workspace, and whether the import makes them new. */
interface People {
  memberOf: (person: StructurePerson) => string | null;
  isNew: (person: StructurePerson) => boolean;
}

/**
 * Hourmark's own export: people are who the person chose in the people step (a new member the
 * import created in an earlier item, or the member chosen). Other files name existing members
 * only, found by email, else by name (nobody is created).
 */
function peopleOf(
  structure: ImportStructure,
  choices: readonly PersonChoice[],
  members: Facts['members'],
  result: ImportResult,
): People {
  if (!structure.members)
    return { memberOf: (person) => memberFor(person, members)?.id ?? null, isNew: () => false };
  const chosen = new Map(choices.map((c) => [personKeyOf(c), c]));
  const isNew = (person: StructurePerson) => {
    const choice = chosen.get(personKeyOf(person));
    return !choice || choice.as === 'new';
  };
  return {
    isNew,
    memberOf: (person) => {
      const k = personKeyOf(person);
      if (!isNew(person)) return chosen.get(k)?.memberId ?? null;
      return result.created.members.find((m) => m.person === k)?.id ?? null;
    },
  };
}

/** Lookups of the workspace's live clients, projects and tasks, kept up as records are created. */
function findIn(facts: Facts) {
  const clients = new Map<string, string>();
  for (const c of facts.clients) if (!clients.has(key(c.name))) clients.set(key(c.name), c.id);
  const clientKeyOf = new Map(facts.clients.map((c) => [c.id, key(c.name)]));
  const projects = new Map<string, string>();
  for (const p of facts.projects) {
    const k = `${p.clientId ? (clientKeyOf.get(p.clientId) ?? '') : ''}\u0000${key(p.projectName)}`;
    if (!projects.has(k)) projects.set(k, p.id);
  }
  const tasks = new Set(facts.tasks.map((t) => `${t.projectId ?? ''}\u0000${key(t.task)}`));
  return { clients, projects, tasks };
}

async function take(
  item: StructureItem,
  found: ReturnType<typeof findIn>,
  create: (name: MutationName, fields: Record<string, unknown>) => Promise<string>,
  people: People,
  result: ImportResult,
): Promise<void> {
  if (item.kind === 'member') {
    const { member } = item;
    if (!people.isNew(member) || people.memberOf(member)) return;
    // Hourmark's own export: a new team member with the export's rates, role and notes, not
    // invited (no account, no mail), as any member an import creates.
    const name = (member.name || member.email).trim();
    const id = await create('createMember', { ...member.fields, name, email: member.email });
    result.created.members.push({ id, name, person: personKeyOf(member) });
    return;
  }
  if (item.kind === 'client') {
    const name = item.client.name.trim();
    if (found.clients.has(key(name))) return;
    const id = await create('createClient', {
      name,
      contactPerson: '',
      email: '',
      phone: '',
      address: '',
      taxName: '',
      taxPercentage: null,
      taxNumber: '',
      // Hourmark's own export: the client's contact, address and tax fields as they were.
      ...item.client.fields,
      status: item.client.archived ? 'Archived' : 'Active',
    });
    found.clients.set(key(name), id);
    result.created.clients.push({ id, name });
    return;
  }
  const { project } = item;
  const projectKey = `${key(project.client)}\u0000${key(project.name)}`;
  if (item.kind === 'task') {
    const projectId = found.projects.get(projectKey);
    const taskKey = `${projectId ?? ''}\u0000${key(item.task)}`;
    if (!projectId || found.tasks.has(taskKey)) return;
    const details = project.taskDetails?.find((t) => key(t.name) === key(item.task));
    const id = await create('createTask', {
      projectId,
      task: item.task.trim(),
      assigneeIds: [...new Set(details?.assignees.flatMap((p) => people.memberOf(p) ?? []))],
      billableRate: details?.billableRate ?? null,
    });
    found.tasks.add(taskKey);
    result.created.tasks.push({ id, name: item.task.trim() });
    return;
  }
  if (found.projects.has(projectKey)) return;
  // The client was taken before its projects (structureItems puts clients first).
  const clientId = project.client.trim() ? (found.clients.get(key(project.client)) ?? null) : null;
  const memberIds = [...new Set(project.members.flatMap((p) => people.memberOf(p) ?? []))];
  const id = await create('createProject', {
    projectName: project.name.trim(),
    clientId,
    hours: 0,
    billamount: project.rate ?? 0,
    description: '',
    billable: project.billable,
    rounding: 'false',
    timeInterval: 15,
    approval: false,
    // Hourmark's own export: the budget, description, rounding and approval as they were.
    ...project.fields,
    status: project.archived ? 'Archived' : 'Active',
    memberIds,
  });
  found.projects.set(projectKey, id);
  result.created.projects.push({ id, name: project.name.trim() });
}
