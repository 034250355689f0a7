import { sql } from 'drizzle-orm';
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

/**
 * The workspace's live clients, projects, tasks, members and tags, read without a lock. Tags are
 * read from every log (a scan that grows with the workspace) unless `knownTags` gives them.
 */
export async function workspaceFacts(
  runner: Runner,
  workspaceId: string,
  knownTags?: readonly string[],
): Promise<WorkspaceFacts> {
  const { sources, live } = await labelSources(runner, workspaceId);
  const tags = knownTags
    ? knownTags.map((tag) => ({ tag }))
    : await rows<{ tag: string }>(
        runner,
        sql`SELECT DISTINCT trim(t) AS tag FROM time_logs l, unnest(string_to_array(l.data->>'tags', ',')) AS t WHERE l.workspace_id = ${workspaceId} AND NOT l.deleted AND trim(t) <> ''`,
      );
  return {
    clients: sources.clients.filter((c) => live.has(`client:${c.id}`)),
    projects: sources.projects.filter((p) => live.has(`project:${p.id}`)),
    tasks: sources.tasks.filter((t) => live.has(`task:${t.id}`)),
    members: sources.members.filter((m) => live.has(`member:${m.id}`)),
    tags: tags.map((r) => r.tag),
  };
}
