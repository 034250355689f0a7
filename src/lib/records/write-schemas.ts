import type { z } from 'zod';
import type { RecordKind } from './kinds';
import {
  clientFields,
  memberFields,
  projectFields,
  taskFields,
  timeLogFields,
} from '../sync/fields';

/**
 * The strict write schema of each kind (what a create or update may set), apart from ./kinds.ts
 * because it is zod: the browser's sync engine reads the descriptions without loading it. A new
 * kind fails the type check here until its schema is added.
 */
export const writeSchemas = {
  client: clientFields,
  project: projectFields,
  task: taskFields,
  member: memberFields,
  timeLog: timeLogFields,
} as const satisfies Record<RecordKind, z.AnyZodObject>;
