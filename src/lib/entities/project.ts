import { z } from 'zod';
import { checkText } from '../storable-text';
import { idSchema, isoTimestamp, numberish, statusSchema, textish } from './common';
import { localeNumberText } from './number-text';
import { withFastPath } from './with-fast-path';
import {
  billableOptions,
  fastProject,
  readBillable,
  readRounding,
  roundingIntervals,
  roundingOptions,
} from './fast-project';

export {
  billableLabels,
  billableOptions,
  roundingIntervals,
  roundingLabels,
  roundingOptions,
  type Billable,
  type Rounding,
} from './fast-project';

const projectObject = z
  .object({
    id: idSchema,
    projectName: z.string(),
    client: textish,
    clientId: z.string().nullable().catch(null),
    hours: numberish.pipe(z.number().min(0)),
    billamount: numberish.pipe(z.number().min(0)),
    task: z.array(z.unknown()).catch([]),
    description: textish,
    billable: z.unknown().transform(readBillable),
    rounding: z.unknown().transform(readRounding),
    timeInterval: numberish.pipe(z.number().int().min(1).max(60)).catch(15),
    approval: z.boolean().catch(false),
    /** Team members assigned to the project: who may track on it, and its Managers. */
    memberIds: z.array(z.string()).catch([]).optional(),
    date: numberish,
    month: numberish,
    year: numberish,
    status: statusSchema.catch('Active'),
    createdAt: isoTimestamp.optional(),
    updatedAt: isoTimestamp.optional(),
  })
  .passthrough();
/** A project as stored under the `project` key (SPEC.md section 3, plus ids and status). */
export const projectSchema = withFastPath(projectObject, fastProject);
export type Project = z.infer<typeof projectSchema>;

/** The Add Project form. */
export const projectFormSchema = z.object({
  projectName: z
    .string()
    .trim()
    .min(1, 'Enter the project name')
    .max(120, 'At most 120 characters')
    .superRefine(checkText),
  /** Optional (issue 29): an internal project has no client; '' in the form is none. */
  clientId: z.string().transform((id) => (id === '' ? null : id)),
  hours: localeNumberText('Enter hours of 0 or more'),
  description: z.string().max(2000, 'At most 2000 characters').superRefine(checkText),
  billable: z.enum(billableOptions),
  billamount: localeNumberText('Enter an amount of 0 or more'),
  rounding: z.enum(roundingOptions),
  timeInterval: z.coerce
    .number()
    .refine((n) => (roundingIntervals as readonly number[]).includes(n), 'Choose an interval'),
  approval: z.boolean(),
  /** Team members assigned to the project (who may track on it; its Managers manage it). */
  memberIds: z.array(z.string()),
});
export type ProjectForm = z.infer<typeof projectFormSchema>;
