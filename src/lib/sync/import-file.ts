import type { ZodType, ZodTypeDef } from 'zod';
import { clientSchema } from '../entities/client';
import { memberSchema } from '../entities/member';
import { projectSchema } from '../entities/project';
import { taskSchema } from '../entities/task';
import { timeLogSchema } from '../entities/time-log';
import type { LocalRecords } from './convert';

function decodeList<T>(
  value: unknown,
  schema: ZodType<T, ZodTypeDef, unknown>,
): { kept: T[]; unreadable: number } {
  if (!Array.isArray(value)) return { kept: [], unreadable: 0 };
  const kept: T[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (parsed.success) kept.push(parsed.data);
  }
  return { kept, unreadable: value.length - kept.length };
}

/** Records under the documented keys, read as the stores read them; unreadable ones counted. */
export function recordsFromKeys(data: Record<string, unknown>): {
  records: LocalRecords;
  unreadable: number;
} {
  const clients = decodeList(data['clients'], clientSchema);
  const projects = decodeList(data['project'], projectSchema);
  const tasks = decodeList(data['task'], taskSchema);
  const members = decodeList(data['Team'], memberSchema);
  const logs = decodeList(data['taskData'], timeLogSchema);
  return {
    records: {
      clients: clients.kept,
      projects: projects.kept,
      tasks: tasks.kept,
      members: members.kept,
      // Logs the original app wrote have no id; planUpload names them by their content.
      logs: logs.kept.map((log, index) => ({ ...log, id: log.id ?? `legacy-${index}` })),
    },
    unreadable:
      clients.unreadable +
      projects.unreadable +
      tasks.unreadable +
      members.unreadable +
      logs.unreadable,
  };
}
