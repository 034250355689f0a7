import { htmlToText } from './html-text';

// Quick entry (issue 29): what was worked on lately, offered while typing what the stopwatch is
// for, so "Weekly call" brings back its project, task and tags as Toggl's suggestions do. Read
// from the logs on this device, which hold the last 8 weeks (older work is not suggested).

/** What a recent log says it was for. */
export interface RecentEntry {
  description: string;
  projectId: string | null;
  taskId: string | null;
  tags: string;
  /** "Acme Ltd / Website · Design · #call", to tell two alike descriptions apart. */
  detail: string;
}

interface LogLike {
  date: string;
  createdAt?: string | undefined;
  desc: string;
  client: string;
  projectId: string | null;
  task: string;
  taskId: string | null;
  tags: string;
}

/** Suggestions at most. */
export const RECENT_ENTRIES = 8;

/**
 * The recent entries whose description holds `typed` (any case; all of them when it is blank),
 * newest first, each description with its project, task and tags once.
 */
export function recentEntries(
  logs: readonly LogLike[],
  typed: string,
  limit = RECENT_ENTRIES,
): RecentEntry[] {
  const needle = typed.trim().toLowerCase();
  const newest = [...logs].sort(
    (a, b) => b.date.localeCompare(a.date) || (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
  );
  const seen = new Set<string>();
  const out: RecentEntry[] = [];
  for (const log of newest) {
    const description = htmlToText(log.desc).replace(/\s+/g, ' ').trim();
    if (!description || (needle && !description.toLowerCase().includes(needle))) continue;
    const key = JSON.stringify([description, log.projectId, log.taskId, log.tags]);
    if (seen.has(key)) continue;
    seen.add(key);
    const detail = [log.client, log.task, log.tags].filter((part) => part.trim()).join(' · ');
    out.push({ description, projectId: log.projectId, taskId: log.taskId, tags: log.tags, detail });
    if (out.length === limit) break;
  }
  return out;
}

/** The newest entry with exactly this description (what choosing a suggestion brings back). */
export function entryNamed(entries: readonly RecentEntry[], description: string) {
  return entries.find((e) => e.description === description.trim()) ?? null;
}
