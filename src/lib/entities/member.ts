import { z } from 'zod';
import { checkText } from '../storable-text';
import { dayString, idSchema, isoTimestamp, numberish, statusSchema, textish } from './common';
import { localeNumberText } from './number-text';
import { withFastPath } from './with-fast-path';
import { newMemberRole } from '../policy/actor';
import { fastMember, roles } from './fast-member';

export { roles, roleValue, type Role } from './fast-member';

/** Rates of an earlier period (src/lib/member-rates.ts); anything unreadable drops the period. */
const ratePeriod = z.object({
  until: dayString,
  LoborRate: z.number().min(0),
  BillableRate: z.number().min(0),
});

const memberObject = z
  .object({
    id: idSchema,
    name: z.string(),
    email: textish,
    LoborRate: numberish.pipe(z.number().min(0)),
    BillableRate: numberish.pipe(z.number().min(0)),
    Role: z.enum(roles).catch(newMemberRole),
    roleValue: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    notes: textish,
    status: statusSchema.catch('Active'),
    autoAddToProjects: z.boolean().catch(false),
    rateHistory: z.array(ratePeriod).catch([]).optional(),
    createdAt: isoTimestamp.optional(),
    updatedAt: isoTimestamp.optional(),
  })
  .passthrough();
/**
 * A team member as stored under the `Team` key. `LoborRate` keeps the original app's spelling
 * so existing data loads; rates are decimal INR per hour.
 */
export const memberSchema = withFastPath(memberObject, fastMember);
export type Member = z.infer<typeof memberSchema>;

const rate = localeNumberText('Enter an amount of 0 or more');

/** The add / edit team member form. */
export const memberFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the name')
    .max(120, 'At most 120 characters')
    .superRefine(checkText),
  email: z
    .string()
    .trim()
    .min(1, 'Enter an email address')
    .email('Enter a valid email address, like name@example.com'),
  notes: z.string().max(20_000, 'Notes are too long').superRefine(checkText),
  Role: z.enum(roles),
  LoborRate: rate,
  BillableRate: rate,
  autoAddToProjects: z.boolean(),
});
export type MemberForm = z.infer<typeof memberFormSchema>;
