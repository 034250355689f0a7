import { z } from 'zod';
import { checkText } from '../storable-text';
import {
  fastAmount,
  fastId,
  fastNumber,
  fastText,
  fastTimestamp,
  idSchema,
  isoTimestamp,
  numberish,
  statusSchema,
  textish,
} from './common';
import { fastObject, flag, oneOf, string, stringOrNull, UNSURE, withFastPath } from './fast-path';

/** Billable settings of SPEC.md section 9; 'false' is "Non billable" as the original stored it. */
export const billableOptions = ['member', 'task', 'project', 'false'] as const;
export type Billable = (typeof billableOptions)[number];
export const billableLabels: Record<Billable, string> = {
  member: 'Team member-based rate',
  task: 'Task-based rate',
  project: 'Project-based rate',
  false: 'Non billable',
};

export const roundingOptions = ['up', 'nearest', 'down', 'false'] as const;
export type Rounding = (typeof roundingOptions)[number];
export const roundingLabels: Record<Rounding, string> = {
  up: 'Round up',
  nearest: 'Round to the nearest',
  down: 'Round down',
  false: 'No Rounding',
};
export const roundingIntervals = [1, 5, 6, 10, 15, 30, 60] as const;

/** Accepts our codes and the labels the original app may have stored. */
function labelReader<T extends string>(labels: Record<T, string>, fallback: T) {
  return (v: unknown): T => {
    if (v === false || v === 'false' || v === null || v === undefined || v === '') return fallback;
    const text = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    const byCode = (Object.keys(labels) as T[]).find((code) => code === text);
    if (byCode) return byCode;
    const byLabel = (Object.keys(labels) as T[]).find(
      (code) => labels[code].toLowerCase() === text.toLowerCase(),
    );
    return byLabel ?? fallback;
  };
}
const readBillable = labelReader<Billable>(billableLabels, 'false');
const readRounding = labelReader<Rounding>(roundingLabels, 'false');

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
export const projectSchema = withFastPath(
  projectObject,
  fastObject(projectObject, {
    id: fastId,
    projectName: string,
    client: fastText,
    clientId: stringOrNull,
    hours: fastAmount,
    billamount: fastAmount,
    task: (v) => (Array.isArray(v) ? [...(v as unknown[])] : UNSURE),
    description: fastText,
    billable: readBillable,
    rounding: readRounding,
    timeInterval: (v) => {
      const n = fastNumber(v);
      if (n === UNSURE) return UNSURE;
      return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 60 ? n : 15;
    },
    approval: flag,
    memberIds: (v) =>
      v === undefined
        ? undefined
        : Array.isArray(v) && v.every((id) => typeof id === 'string')
          ? [...v]
          : UNSURE,
    date: fastNumber,
    month: fastNumber,
    year: fastNumber,
    status: oneOf(statusSchema.options, 'Active'),
    createdAt: fastTimestamp,
    updatedAt: fastTimestamp,
  }),
);
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
  hours: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0),
      'Enter hours of 0 or more',
    ),
  description: z.string().max(2000, 'At most 2000 characters').superRefine(checkText),
  billable: z.enum(billableOptions),
  billamount: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0),
      'Enter an amount of 0 or more',
    ),
  rounding: z.enum(roundingOptions),
  timeInterval: z.coerce
    .number()
    .refine((n) => (roundingIntervals as readonly number[]).includes(n), 'Choose an interval'),
  approval: z.boolean(),
  /** Team members assigned to the project (who may track on it; its Managers manage it). */
  memberIds: z.array(z.string()),
});
export type ProjectForm = z.infer<typeof projectFormSchema>;
