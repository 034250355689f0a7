import type { ZodTypeAny } from 'zod';
import { clientSchema } from '../entities/client';
import { memberSchema } from '../entities/member';
import { projectSchema } from '../entities/project';
import { taskSchema } from '../entities/task';
import { timeLogSchema } from '../entities/time-log';
import type { RecordKind } from './kinds';

/**
 * Each kind's read schema loaded at once, for the contracts that check answers holding records
 * (a pull's rows, the export file): the same schemas each description's `readSchema` loads
 * lazily for the cache (the sync engine reads the descriptions without zod). A new kind fails the
 * type check here until its schema is added.
 */
export const readSchemas = {
  client: clientSchema,
  project: projectSchema,
  task: taskSchema,
  member: memberSchema,
  timeLog: timeLogSchema,
} as const satisfies Record<RecordKind, ZodTypeAny>;
