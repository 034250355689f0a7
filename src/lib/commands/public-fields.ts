import { z, type ZodTypeAny } from 'zod';
import type { RecordKind } from '../sync/field-names';
import { fieldsOf } from '../sync/mutations';
import { namesOf } from './public-names';

export { publicNames, toPublicFields, toStoredFields } from './public-names';

/** The strict schema of a kind's fields under their public names. */
export function publicFieldsOf(kind: RecordKind): z.AnyZodObject {
  const { toPublic } = namesOf(kind);
  const shape = fieldsOf[kind].shape as Record<string, ZodTypeAny>;
  return z
    .object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [toPublic.get(k) ?? k, v])))
    .strict();
}
