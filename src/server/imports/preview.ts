import type { ImportEntry, RowProblem } from '../../lib/import/entry';
import type { ReadImportFile } from '../../lib/import/read-file';
import type { ImportStructure } from '../../lib/import/structure';
import type { Member } from '../../lib/entities/member';
import type { Counted, ImportPreview, PersonPreview } from '../../lib/import/shapes';
import type { Project } from '../../lib/entities/project';
import type { Task } from '../../lib/entities/task';
import { amountMinor, resolveBillableRate } from '../../lib/rates';
import { projectRateCollector } from '../../lib/import/project-rates';
import { currencyNotice } from '../../lib/import/currency-notice';
import { structurePreview } from './structure-preview';
import type { WorkspaceFacts } from './workspace-facts';

export type { Counted, ImportPreview, PersonPreview };

type ReadFile = Extract<ReadImportFile, { ok: true }>;

// What an import WOULD do (issue 32), worked out before anything is written: the records it
// would create and those it would use, the time it holds, the people in it, and the rows it
// cannot import. Names match case-insensitively (after trimming); people match by email.

/** Who is importing, and the workspace's rules the preview reads. */
export interface Importer {
  email: string;
  /** Their own team-member record in the workspace. */
  memberId: string | null;
  /** The zone the file's clock times are read in (default: the workspace's). */
  timeZone: string;
  /** The workspace's currency, which its rates bill in. */
  currency: string;
  /** Every log must name a project and a task (a workspace rule). */
  requireProjectAndTask: boolean;
}

export const LISTED_PROBLEMS = 500;

const key = (name: string) => name.trim().toLowerCase();

/** Who the person with `email` or `name` is in the workspace, suggested. */
function suggestFor(
  person: ImportEntry['person'],
  importer: Importer,
  members: readonly Member[],
): PersonPreview['suggestion'] {
  const byId = (id: string | null) => members.find((m) => m.id === id);
  if (person.email && person.email === key(importer.email))
    return {
      kind: 'me',
      memberId: importer.memberId,
      memberName: byId(importer.memberId)?.name ?? '',
    };
  // By email; a person the file knows only by name is matched by name.
  const found = person.email
    ? members.find((m) => key(m.email) === person.email)
    : members.find((m) => key(m.name) === key(person.name));
  // The importer's own record found by name (Harvest knows people only by name) is "me" too.
  return found
    ? {
        kind: found.id === importer.memberId ? 'me' : 'member',
        memberId: found.id,
        memberName: found.name,
      }
    : { kind: 'new', memberId: null, memberName: person.name || person.email };
}

/** Problems kept while reading: the `limit` with the smallest lines (stable), and how many. */
export function problemCollector(limit = LISTED_PROBLEMS) {
  let kept: RowProblem[] = [];
  let count = 0;
  const trim = () => {
    kept.sort((a, b) => a.line - b.line);
    kept = kept.slice(0, limit);
  };
  return {
    add: (problems: readonly RowProblem[]) => {
      count += problems.length;
      for (const problem of problems) kept.push(problem);
      if (kept.length >= 2 * limit) trim();
    },
    /** The kept problems, smallest lines first. */
    listed: () => {
      trim();
      return kept;
    },
    count: () => count,
  };
}

/**
 * The preview built an entry at a time (issue 32): what `buildPreview` works out from every entry
 * of a file, folded as the entries are read, so the endpoint never holds them all. Every figure
 * is a count, a sum, a minimum or maximum, or a map of distinct names or people; the rows that
 * cannot be imported are counted, and only the first 500 by line kept.
 */
export function previewAccumulator(facts: WorkspaceFacts, importer: Importer) {
  // Projects and tasks are named with what makes them one (client, project) in these keys.
  const projectKey = (e: ImportEntry) => `${key(e.client)}\u0000${key(e.project)}`;
  // Looked up by key, once per row: a file of 300,000 rows against a workspace of thousands of
  // projects stays a map lookup per row. The first of two records with the same key wins.
  const remember = <T>(map: Map<string, T>, name: string, value: T) => {
    if (!map.has(name)) map.set(name, value);
  };
  const clientName = new Map(facts.clients.map((c) => [c.id, key(c.name)]));
  const clientNames = new Set(facts.clients.map((c) => key(c.name)));
  // A project is the same when its name and its client's name are (no client matches no client).
  const projects = new Map<string, Project>();
  for (const p of facts.projects)
    remember(
      projects,
      `${p.clientId ? (clientName.get(p.clientId) ?? '') : ''}\u0000${key(p.projectName)}`,
      p,
    );
  const tasks = new Map<string, Task>();
  for (const t of facts.tasks) remember(tasks, `${t.projectId ?? ''}\u0000${key(t.task)}`, t);
  const membersById = new Map(facts.members.map((m) => [m.id, m]));
  const projectOf = (entry: ImportEntry) =>
    entry.project ? projects.get(projectKey(entry)) : undefined;
  const taskOf = (entry: ImportEntry) => {
    const project = projectOf(entry);
    return project && entry.task ? tasks.get(`${project.id}\u0000${key(entry.task)}`) : undefined;
  };
  const existingTags = new Set(facts.tags.map(key));

  // Distinct names, in order of first appearance, with whether the workspace has them.
  const clients = new Map<string, string>();
  const tags = new Map<string, string>();
  const projectsSeen = new Map<string, { name: string; found: boolean }>();
  const tasksSeen = new Map<string, { name: string; found: boolean }>();
  const people = new Map<string, PersonPreview>();
  const latestRate = new Map<string, { date: string; rate: number }>();
  const ours = problemCollector();
  const amounts = { pricedRows: 0, workspaceMinor: 0, fileMinorOfPricedRows: 0 };
  const totals = {
    importable: 0,
    alreadyImported: 0,
    totalSeconds: 0,
    billableSeconds: 0,
    fileMinor: 0,
    invoicedElsewhere: 0,
    approved: 0,
    needApproval: 0,
  };
  const projectRates = projectRateCollector();
  let first: string | undefined;
  let last: string | undefined;
  let fileCurrency: string | null = null;
  const named = (map: Map<string, string>, name: string) => {
    if (name && !map.has(key(name))) map.set(key(name), name);
  };

  /** One entry of the file, in the file's order; `imported`: an earlier import wrote it. */
  const add = (e: ImportEntry, imported = false) => {
    fileCurrency ??= e.currency || null;
    if (imported) {
      totals.alreadyImported += 1;
      return;
    }
    if (importer.requireProjectAndTask && (!e.project || !e.task)) {
      ours.add([
        {
          line: e.line,
          reason: `This workspace requires a project and a task on every log, and this row has no ${e.project ? 'task' : 'project'}.`,
        },
      ]);
      return;
    }
    totals.importable += 1;
    if (first === undefined || e.date < first) first = e.date;
    if (last === undefined || e.date > last) last = e.date;
    totals.totalSeconds += e.durationSeconds;
    if (e.billable) totals.billableSeconds += e.durationSeconds;
    totals.fileMinor += e.amountMinor ?? 0;
    if (e.invoicedElsewhere) totals.invoicedElsewhere += 1;
    if (e.approved) totals.approved += 1;
    projectRates.add(e);
    named(clients, e.client);
    for (const tag of e.tags) named(tags, tag);
    if (e.project && !projectsSeen.has(projectKey(e)))
      projectsSeen.set(projectKey(e), { name: e.project, found: Boolean(projectOf(e)) });
    const taskKey = `${projectKey(e)}\u0000${key(e.task)}`;
    if (e.project && e.task && !tasksSeen.has(taskKey))
      tasksSeen.set(taskKey, { name: `${e.project} / ${e.task}`, found: Boolean(taskOf(e)) });

    const id = e.person.email || `name:${key(e.person.name)}`;
    const person = people.get(id) ?? {
      name: e.person.name,
      email: e.person.email,
      rows: 0,
      seconds: 0,
      suggestion: suggestFor(e.person, importer, facts.members),
      labourRate: null,
    };
    const rate = latestRate.get(id);
    if (e.labourRate !== null && (!rate || e.date >= rate.date))
      latestRate.set(id, { date: e.date, rate: e.labourRate });
    person.name ||= e.person.name;
    person.rows += 1;
    person.seconds += e.durationSeconds;
    people.set(id, person);

    // What the workspace's rates would bill, only where they decide it already: a matched
    // project, and the matched task or member when the project bills theirs. A row marked not
    // billable bills nothing in Hourmark either (the per-log billable flag). The person's
    // suggestion is settled at their first row.
    const project = projectOf(e);
    if (!project) return;
    if (project.approval && !e.approved && !e.hourmark) totals.needApproval += 1;
    const task = taskOf(e);
    const member = membersById.get(person.suggestion.memberId ?? '');
    if (project.billable === 'task' && e.task && !task) return;
    if (project.billable === 'member' && !member) return;
    const billed = e.billable ? resolveBillableRate({ project, task, member }) : 0;
    amounts.pricedRows += 1;
    amounts.workspaceMinor += amountMinor(e.durationSeconds, billed);
    amounts.fileMinorOfPricedRows += e.amountMinor ?? 0;
  };

  const counted = (seen: Map<string, { name: string; found: boolean }>): Counted => {
    const created = [...seen.values()].filter((s) => !s.found).map((s) => s.name);
    return { create: created.length, match: seen.size - created.length, created };
  };
  const countNames = (map: Map<string, string>, exists: (name: string) => boolean): Counted => {
    const created = [...map.values()].filter((name) => !exists(name));
    return { create: created.length, match: map.size - created.length, created };
  };

  /**
   * The preview, once every entry was added. `fileProblems` are the reader's (the 500 with the
   * smallest lines at least), `fileProblemCount` how many it found in all.
   */
  const finish = (
    file: Omit<ReadFile, 'entries' | 'problems'>,
    fileProblems: readonly RowProblem[],
    fileProblemCount = fileProblems.length,
  ): ImportPreview => {
    const problems = [...fileProblems, ...ours.listed()].sort((a, b) => a.line - b.line);
    // Hourmark's own export: its team members without logs are people of the file too.
    for (const member of file.structure?.members ?? []) {
      const id = member.email || `name:${key(member.name)}`;
      if (!people.has(id))
        people.set(id, {
          name: member.name,
          email: member.email,
          rows: 0,
          seconds: 0,
          suggestion: suggestFor(member, importer, facts.members),
          labourRate: null,
        });
    }
    for (const [id, person] of people)
      if (person.suggestion.kind === 'new') person.labourRate = latestRate.get(id)?.rate ?? null;
    const peopleList = [...people.values()];
    const newPeople = peopleList.filter((p) => p.suggestion.kind === 'new');
    return {
      source: file.source,
      sourceName: file.sourceName,
      encoding: file.encoding,
      timeZone: importer.timeZone,
      dateFormats: file.dateFormats,
      dateFormat: file.dateFormat,
      mustChooseDateFormat: file.mustChooseDateFormat,
      numberFormat: file.numberFormat,
      rows: {
        importable: totals.importable,
        refused: fileProblemCount + ours.count(),
        alreadyImported: totals.alreadyImported,
      },
      dateRange: first && last ? { from: first, to: last } : null,
      totalSeconds: totals.totalSeconds,
      billableSeconds: totals.billableSeconds,
      clients: countNames(clients, (name) => clientNames.has(key(name))),
      projects: counted(projectsSeen),
      tasks: counted(tasksSeen),
      tags: countNames(tags, (tag) => existingTags.has(key(tag))),
      members: {
        create: newPeople.length,
        match: peopleList.length - newPeople.length,
        created: newPeople.map((p) => p.suggestion.memberName),
      },
      people: peopleList,
      amounts: {
        fileCurrency,
        fileMinor: totals.fileMinor,
        workspaceCurrency: importer.currency,
        ...amounts,
      },
      problems: problems.slice(0, LISTED_PROBLEMS),
      history: {
        invoicedElsewhere: totals.invoicedElsewhere,
        approved: totals.approved,
        needApproval: totals.needApproval,
      },
      // Only projects the import creates get the file's rate: a project found keeps its own.
      newProjectRates: [...projectRates.rates()]
        .filter(([k]) => !projects.has(k))
        .map(([, rate]) => rate),
      currencyNotice: currencyNotice(fileCurrency, importer.currency),
      // A file of clients and projects without time (issue 33) counts its records instead.
      ...(file.structure ? structureCounts(file.source, file.structure, facts) : {}),
    };
  };
  return { add, finish };
}

/**
 * The preview of importing `file` into a workspace with `facts`, for `importer`; the entries in
 * `imported` were written by an earlier import and are only counted.
 */
export function buildPreview(
  file: ReadFile,
  facts: WorkspaceFacts,
  importer: Importer,
  imported: ReadonlySet<ImportEntry> = new Set(),
): ImportPreview {
  const accumulator = previewAccumulator(facts, importer);
  for (const entry of file.entries) accumulator.add(entry, imported.has(entry));
  return accumulator.finish(file, file.problems);
}

/**
 * The records of a file's structure counted. Hourmark's own export holds time as well: its
 * clients, projects and tasks are counted from its lists (those without logs too), and the
 * screen does not say "No time in this file".
 */
function structureCounts(
  source: ReadFile['source'],
  fileStructure: ImportStructure,
  facts: WorkspaceFacts,
) {
  const { structure, ...counts } = structurePreview(fileStructure, facts);
  return source === 'hourmark' ? counts : { ...counts, structure };
}
