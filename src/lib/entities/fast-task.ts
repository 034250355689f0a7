import { fastId, fastTimestamp } from './fast-fields';
import { fastObject, optional, string, stringOrNull, UNSURE, type Fast } from './fast-path';

// The fast decoder of a stored task (task.ts holds its schema), without zod.

const strings: Fast = (v) => {
  if (!Array.isArray(v)) return UNSURE;
  // Index by index: a hole is undefined to zod, which then stores [] for the whole list.
  for (let i = 0; i < v.length; i += 1) if (typeof v[i] !== 'string') return UNSURE;
  return [...(v as unknown[])];
};

/** A task without an id is named by its project and text. */
export const withTaskId = <T extends { id?: string | undefined; project: string; task: string }>(
  t: T,
) => ({ ...t, id: t.id ?? `${t.project}::${t.task}` });

/** The object of `taskSchema`'s shape (before it names a task without an id). */
export const fastTaskObject = fastObject({
  id: optional(fastId),
  project: string,
  projectId: stringOrNull,
  task: string,
  assign: strings,
  assigneeIds: strings,
  billableRate: (v) => (v === null || (typeof v === 'number' && v >= 0) ? v : null),
  createdAt: fastTimestamp,
});

/** `taskSchema`'s fast path. */
export const fastTask: Fast = (v) => {
  const t = fastTaskObject(v);
  return t === UNSURE ? t : withTaskId(t as { id?: string; project: string; task: string });
};
