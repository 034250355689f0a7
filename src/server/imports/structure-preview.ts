import type { Counted, StructurePreview } from '../../lib/import/shapes';
import { structureItems, type ImportStructure } from '../../lib/import/structure';
import type { WorkspaceFacts } from './workspace-facts';

// The preview of a file of clients and projects without time (issue 33): what it would create
// and what it finds, matched as time reports' records are (names case-insensitively, trimmed; a
// project by its name and its client's; a task within its project), and the team members it
// would put on the projects it creates (found by email, else by name; nobody is created).

const key = (name: string) => name.trim().toLowerCase();

type Person = { email: string; name: string };

/** The workspace's member a person of the file is, or undefined. */
export function memberFor<M extends { email: string; name: string }>(
  person: Person,
  members: readonly M[],
): M | undefined {
  return person.email
    ? members.find((m) => key(m.email) === key(person.email))
    : members.find((m) => key(m.name) === key(person.name));
}

export function structurePreview(
  structure: ImportStructure,
  facts: WorkspaceFacts,
): {
  clients: Counted;
  projects: Counted;
  tasks: Counted;
  structure: StructurePreview;
} {
  const clientNames = new Set(facts.clients.map((c) => key(c.name)));
  const clientName = new Map(facts.clients.map((c) => [c.id, key(c.name)]));
  const projects = new Map<string, string>();
  for (const p of facts.projects) {
    const k = `${p.clientId ? (clientName.get(p.clientId) ?? '') : ''}\u0000${key(p.projectName)}`;
    if (!projects.has(k)) projects.set(k, p.id);
  }
  const tasks = new Set(facts.tasks.map((t) => `${t.projectId ?? ''}\u0000${key(t.task)}`));
  const counted = (): Counted => ({ create: 0, match: 0, created: [] });
  const clients = counted();
  const projectCount = counted();
  const taskCount = counted();
  const tally = (into: Counted, found: boolean, name: string) => {
    if (found) into.match += 1;
    else {
      into.create += 1;
      into.created.push(name);
    }
  };
  let archivedProjects = 0;
  const onProjects = new Set<string>();
  const notFound = new Map<string, string>();
  for (const item of structureItems(structure)) {
    // Team members are the preview's people (Hourmark's own export).
    if (item.kind === 'member') continue;
    if (item.kind === 'client') {
      tally(clients, clientNames.has(key(item.client.name)), item.client.name.trim());
      continue;
    }
    const projectId = projects.get(`${key(item.project.client)}\u0000${key(item.project.name)}`);
    if (item.kind === 'task') {
      const found = projectId !== undefined && tasks.has(`${projectId}\u0000${key(item.task)}`);
      tally(taskCount, found, `${item.project.name.trim()} / ${item.task.trim()}`);
      continue;
    }
    tally(projectCount, projectId !== undefined, item.project.name.trim());
    if (projectId !== undefined) continue;
    if (item.project.archived) archivedProjects += 1;
    for (const person of item.project.members) {
      const member = memberFor(person, facts.members);
      if (member) onProjects.add(`${member.id}\u0000${key(item.project.name)}`);
      else notFound.set(person.email || key(person.name), person.name || person.email);
    }
  }
  return {
    clients,
    projects: projectCount,
    tasks: taskCount,
    structure: {
      archivedProjects,
      projectMembers: onProjects.size,
      peopleNotFound: [...notFound.values()],
      tags: new Set(structure.tags.map(key)).size,
      notCarried: structure.notCarried,
    },
  };
}
