import { newMemberRole } from '../../lib/policy';
import { randomUUID } from 'node:crypto';
import type { ImportEntry } from '../../lib/import/entry';
import { personKeyOf } from '../../lib/import/labour-rates';
import { projectKeyOf } from '../../lib/import/project-rates';
import type { MutationName } from '../../lib/sync/mutations';
import { applyMutation, type ApplyContext } from '../sync/apply';
import type { ImportResult, PersonChoice } from './store';
import type { RecordFacts } from './workspace-facts';

// The records a batch of rows stands on (issue 32): each row's client, project, task, person
// and tags, found in the workspace as the preview matches them (names case-insensitively and
// trimmed; a project by its name and its client's; a task within its project; people as the
// person chose), or created once, through the one policy (applyMutation), inside the batch's
// commit. What was created is added to the import's result, which the next batch reads too.

const key = (name: string) => name.trim().toLowerCase();

/** A record the policy refused to create: the batch fails whole and the job says why. */
export class ImportRefused extends Error {}

export interface RowRecords {
  projectId: string | null;
  taskId: string | null;
  memberId: string | null;
  /** The row's tags, in the workspace's spelling where it has one. */
  tags: string[];
  /** Whether the log's project asks for approval. */
  approval: boolean;
}

/** Finds or creates the records of rows, within one batch's commit. */
export function recordsOfRows(
  ctx: ApplyContext,
  facts: RecordFacts,
  people: readonly PersonChoice[],
  result: ImportResult,
  /** The labour rate a person of the file gets as a new team member (labour-rates.ts). */
  labourRates: ReadonlyMap<string, number> = new Map(),
  /** The hourly rate a project the import creates bills at (issue 47). */
  projectRates: readonly { client: string; project: string; rate: number }[] = [],
) {
  const rateOf = new Map(projectRates.map((r) => [projectKeyOf(r), r.rate]));
  const clients = new Map<string, string>();
  for (const c of facts.clients) if (!clients.has(key(c.name))) clients.set(key(c.name), c.id);
  const clientKeyOf = new Map(facts.clients.map((c) => [c.id, key(c.name)]));
  const projects = new Map<string, { id: string; approval: boolean }>();
  for (const p of facts.projects) {
    const k = `${p.clientId ? (clientKeyOf.get(p.clientId) ?? '') : ''}\u0000${key(p.projectName)}`;
    if (!projects.has(k)) projects.set(k, { id: p.id, approval: p.approval });
  }
  const tasks = new Map<string, string>();
  for (const t of facts.tasks) {
    const k = `${t.projectId ?? ''}\u0000${key(t.task)}`;
    if (!tasks.has(k)) tasks.set(k, t.id);
  }
  const tags = new Map<string, string>();
  // The workspace's tags (read once per import and process, see run-batch.ts) and those this
  // import created in earlier batches.
  for (const tag of [...facts.tags, ...result.created.tags])
    if (!tags.has(key(tag))) tags.set(key(tag), tag.trim());
  const liveMembers = new Set(facts.members.map((m) => m.id));
  const personKey = personKeyOf;
  const choices = new Map(people.map((p) => [personKey(p), p]));
  const newMembers = new Map(result.created.members.map((m) => [m.person, m.id]));

  let creations = 0;
  const create = async (name: MutationName, fields: Record<string, unknown>) => {
    creations += 1;
    const id = randomUUID();
    const outcome = await applyMutation(ctx, { id: 0, name, args: { id, fields } });
    if (outcome.outcome !== 'ok')
      throw new ImportRefused(outcome.message ?? `${name} was refused (${outcome.reason ?? ''}).`);
    return id;
  };

  async function clientId(name: string): Promise<string> {
    const found = clients.get(key(name));
    if (found) return found;
    const id = await create('createClient', {
      name: name.trim(),
      contactPerson: '',
      email: '',
      phone: '',
      address: '',
      taxName: '',
      taxPercentage: null,
      taxNumber: '',
      status: 'Active',
    });
    clients.set(key(name), id);
    result.created.clients.push({ id, name: name.trim() });
    return id;
  }

  async function project(entry: ImportEntry): Promise<{ id: string; approval: boolean }> {
    const k = `${key(entry.client)}\u0000${key(entry.project)}`;
    const found = projects.get(k);
    if (found) return found;
    const client = entry.client.trim() ? await clientId(entry.client) : null;
    // As the project form starts: billed at each member's rate, no rounding, no approval;
    // unless the file's amounts imply its rate (issue 47), which it then bills at, so the
    // history's billable hours keep their money.
    const rate = rateOf.get(k);
    const id = await create('createProject', {
      projectName: entry.project.trim(),
      clientId: client,
      hours: 0,
      billamount: rate ?? 0,
      description: '',
      billable: rate === undefined ? 'member' : 'project',
      rounding: 'false',
      timeInterval: 15,
      approval: false,
      status: 'Active',
      memberIds: [],
    });
    const made = { id, approval: false };
    projects.set(k, made);
    result.created.projects.push({ id, name: entry.project.trim() });
    return made;
  }

  async function taskId(projectId: string, name: string): Promise<string> {
    const k = `${projectId}\u0000${key(name)}`;
    const found = tasks.get(k);
    if (found) return found;
    const id = await create('createTask', {
      projectId,
      task: name.trim(),
      assigneeIds: [],
      billableRate: null,
    });
    tasks.set(k, id);
    result.created.tasks.push({ id, name: name.trim() });
    return id;
  }

  /** The member a person of the file is, as chosen (a new one created once, not invited). */
  async function memberId(person: ImportEntry['person']): Promise<string | null> {
    const k = personKey(person);
    const choice = choices.get(k);
    if (choice && choice.as !== 'new') return choice.memberId;
    const made = newMembers.get(k);
    if (made && liveMembers.has(made)) return made;
    const name = (person.name || person.email).trim();
    const id = await create('createMember', {
      name,
      email: person.email,
      // The file's cost rate (Harvest's Cost Rate), so their logs' labour cost is kept too.
      LoborRate: labourRates.get(k) ?? 0,
      BillableRate: 0,
      Role: newMemberRole,
      notes: '',
      status: 'Active',
      autoAddToProjects: false,
    });
    newMembers.set(k, id);
    liveMembers.add(id);
    result.created.members.push({ id, name, person: k });
    return id;
  }

  function tagsOf(entry: ImportEntry): string[] {
    return entry.tags.map((tag) => {
      const found = tags.get(key(tag));
      if (found) return found;
      tags.set(key(tag), tag.trim());
      result.created.tags.push(tag.trim());
      return tag.trim();
    });
  }

  return {
    /** How many records this batch created so far (each is several statements). */
    created: () => creations,
    async of(entry: ImportEntry): Promise<RowRecords> {
      const found = entry.project.trim() ? await project(entry) : null;
      return {
        projectId: found?.id ?? null,
        taskId: found && entry.task.trim() ? await taskId(found.id, entry.task) : null,
        memberId: await memberId(entry.person),
        tags: tagsOf(entry),
        approval: found?.approval ?? false,
      };
    },
  };
}
