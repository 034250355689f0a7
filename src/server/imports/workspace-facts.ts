import { sql, type SQL } from 'drizzle-orm';
import type { Client } from '../../lib/entities/client';
import type { Member } from '../../lib/entities/member';
import type { Project } from '../../lib/entities/project';
import type { Task } from '../../lib/entities/task';
import { rows, type Runner } from '../sync/records';
import { labelSources } from '../sync/workspace-records';

/** What an import preview compares a file with: the workspace's live records and tags. */
export interface WorkspaceFacts {
  clients: Client[];
  projects: Project[];
  tasks: Task[];
  members: Member[];
  /** Every tag on a live log of the workspace (an Admin sees every log). */
  tags: string[];
}

/** The workspace's live clients, projects, tasks, members and tags, read without a lock. */
export async function workspaceFacts(runner: Runner, workspaceId: string): Promise<WorkspaceFacts> {
  const { sources, live } = await labelSources(runner, workspaceId);
  const tags = await workspaceTags(runner, workspaceId);
  return {
    clients: sources.clients.filter((c) => live.has(`client:${c.id}`)),
    projects: sources.projects.filter((p) => live.has(`project:${p.id}`)),
    tasks: sources.tasks.filter((t) => live.has(`task:${t.id}`)),
    members: sources.members.filter((m) => live.has(`member:${m.id}`)),
    tags,
  };
}

/** Every tag on a live log of the workspace (a scan of its logs). */
async function workspaceTags(runner: Runner, workspaceId: string): Promise<string[]> {
  const found = await rows<{ tag: string }>(
    runner,
    sql`SELECT DISTINCT trim(t) AS tag FROM time_logs l, unnest(string_to_array(l.data->>'tags', ',')) AS t WHERE l.workspace_id = ${workspaceId} AND NOT l.deleted AND trim(t) <> ''`,
  );
  return found.map((r) => r.tag);
}

/** What an import batch matches rows against: only the fields it reads of each live record. */
export interface RecordFacts {
  clients: Pick<Client, 'id' | 'name'>[];
  projects: Pick<Project, 'id' | 'clientId' | 'projectName' | 'approval'>[];
  tasks: Pick<Task, 'id' | 'projectId' | 'task'>[];
  members: Pick<Member, 'id'>[];
  tags: string[];
}

/**
 * The fields of RecordFacts, read per batch of an import in its transaction: narrow columns of
 * live rows in the order labelSources reads them (the first of two alike names matches), so a
 * batch does not parse every record of the workspace. `tags` as workspaceFacts reads them.
 */
export async function recordFacts(
  runner: Runner,
  workspaceId: string,
  knownTags?: readonly string[],
): Promise<RecordFacts> {
  const live = (table: string, columns: SQL) =>
    sql`SELECT id, ${columns} FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId} AND NOT deleted ORDER BY created_at, id`;
  const clients = await rows<{ id: string; name: string | null }>(
    runner,
    live('clients', sql`data->>'name' AS name`),
  );
  const projects = await rows<{
    id: string;
    client_id: string | null;
    name: string | null;
    approval: boolean | null;
  }>(
    runner,
    live(
      'projects',
      sql`client_id, data->>'projectName' AS name, (data->'approval') = 'true'::jsonb AS approval`,
    ),
  );
  const tasks = await rows<{ id: string; project_id: string | null; task: string | null }>(
    runner,
    live('tasks', sql`project_id, data->>'task' AS task`),
  );
  const members = await rows<{ id: string }>(runner, live('members', sql`1 AS one`));
  const tags = knownTags ? [...knownTags] : await workspaceTags(runner, workspaceId);
  return {
    clients: clients.map((c) => ({ id: c.id, name: c.name ?? '' })),
    projects: projects.map((p) => ({
      id: p.id,
      clientId: p.client_id,
      projectName: p.name ?? '',
      approval: p.approval === true,
    })),
    tasks: tasks.map((t) => ({ id: t.id, projectId: t.project_id, task: t.task ?? '' })),
    members: members.map((m) => ({ id: m.id })),
    tags,
  };
}
