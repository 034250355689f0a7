import { roles } from '../policy/actor';
import { z } from 'zod';
import { checkText } from '../storable-text';
import { isCountryCode } from '../countries';

/**
 * Strict write schemas: what a mutation may set on each kind of record. Unlike the lenient read
 * schemas in ../entities (which repair what old versions stored), these refuse anything out of
 * shape and any field they do not name, because they judge input, not history.
 */

// PostgreSQL text and jsonb cannot hold NUL, a lone surrogate cannot be encoded as UTF-8, and
// control characters make exported XML unreadable (src/lib/storable-text.ts).

/** Text up to `max` characters that can be stored and exported. */
export const text = (max: number) =>
  z
    .string({ invalid_type_error: 'Must be text' })
    .max(max, `At most ${max} characters`)
    .superRefine(checkText);

/** A required name: trimmed, 1 to `max` characters. */
const name = (max: number) => text(max).refine((v) => v.trim().length > 0, 'Must not be empty');

/** Record ids: new ones are UUIDs; older data used timestamps and `project::task` pairs. */
export const recordId = text(200).refine((v) => v.length > 0, 'Must not be empty');

const amount = z
  .number({ invalid_type_error: 'Must be a number' })
  .finite()
  .min(0, 'Must be 0 or more')
  .max(1_000_000_000, 'Too large');
const status = z.enum(['Active', 'Archived']);
const day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Use YYYY-MM-DD');
const clock = z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM')]);

/** Fields of a client. */
export const clientFields = z
  .object({
    name: name(120),
    contactPerson: text(120),
    email: text(254),
    phone: text(40),
    address: text(500),
    // Not in SPEC.md: e-invoices need it (ISO 3166-1 alpha-2); devices from before may omit it.
    country: z
      .string()
      .refine((v) => v === '' || isCountryCode(v), 'Choose a country from the list')
      .optional(),
    taxName: text(60),
    taxPercentage: z.number().finite().min(0).max(100).nullable(),
    taxNumber: text(60),
    // Not in SPEC.md (issue 27): the VAT number apart from other tax numbers; devices from
    // before omit it.
    vatNumber: text(60).optional(),
    // Not in SPEC.md (issue 28): what Peppol and XRechnung e-invoices need; devices from before
    // omit them.
    city: text(100).optional(),
    postCode: text(20).optional(),
    eInvoiceProfile: z.enum(['', 'en16931', 'peppol', 'xrechnung']).optional(),
    electronicAddress: text(100).optional(),
    electronicAddressScheme: text(10).optional(),
    buyerReference: text(100).optional(),
    status,
  })
  .strict();

/** Fields of a project (its client is referred to by id; the label is derived when shown). */
export const projectFields = z
  .object({
    projectName: name(200),
    clientId: recordId.nullable(),
    hours: amount,
    billamount: amount,
    description: text(20_000),
    billable: z.enum(['member', 'task', 'project', 'false']),
    rounding: z.enum(['up', 'nearest', 'down', 'false']),
    timeInterval: z.number().int().min(1).max(60),
    approval: z.boolean(),
    status,
    // Assigned team members (optional for devices that predate assignment).
    memberIds: z.array(recordId).max(1000).optional(),
  })
  .strict();

/** Fields of a task. */
export const taskFields = z
  .object({
    projectId: recordId,
    task: name(200),
    assigneeIds: z.array(recordId).max(1000),
    billableRate: amount.nullable(),
  })
  .strict();

/** Fields of a team member (`LoborRate` keeps the original spelling). */
export const memberFields = z
  .object({
    name: name(120),
    email: text(254),
    LoborRate: amount,
    BillableRate: amount,
    Role: z.enum(roles),
    notes: text(20_000),
    status,
    autoAddToProjects: z.boolean(),
    // Earlier rates, oldest first (src/lib/member-rates.ts); optional for devices that predate it.
    rateHistory: z
      .array(z.object({ until: day, LoborRate: amount, BillableRate: amount }).strict())
      .max(500, 'At most 500 rate periods')
      .refine(
        (periods) => periods.every((p, i) => i === 0 || (periods[i - 1]?.until ?? '') < p.until),
        'Rate periods must be in date order',
      )
      .optional(),
  })
  .strict();

/** Fields of a time log: `dur` whole seconds, `exp` decimal amount, `desc` editor HTML. */
export const timeLogFields = z
  .object({
    date: day,
    projectId: recordId.nullable(),
    taskId: recordId.nullable(),
    memberId: recordId.nullable(),
    tags: text(500),
    desc: text(50_000),
    dur: z
      .number()
      .int()
      .min(0)
      .max(366 * 24 * 3600),
    st: clock,
    end: clock,
    exp: amount,
    // On a project with approval: pending → submitted (the week is sent) → approved, or
    // rejected with a note and editable again (docs/security.md, Approvals).
    status: z.enum(['approved', 'pending', 'submitted', 'rejected']),
    /** Why an approver rejected the log (shown to its author); optional for older devices. */
    reviewNote: text(1000).optional(),
    /**
     * Whether the log is billed (issue 29): false bills nothing whatever the project's rate;
     * true or absent (logs from before) bills as the project's setting says.
     */
    billable: z.boolean({ invalid_type_error: 'Must be true or false' }).optional(),
    /**
     * Invoiced in another tool before it was imported (issue 32): never offered on Uninvoiced
     * nor taken by a draft; counted in reports as any log. Only Admins set or clear it.
     */
    invoicedElsewhere: z.boolean({ invalid_type_error: 'Must be true or false' }).optional(),
  })
  .strict();

/** The running stopwatch of the person pushing (one per person and workspace). */
/** What a running stopwatch is for, chosen before Start or while it runs; saved on Stop. */
const timerEntry = z
  .object({
    projectId: recordId.nullable(),
    taskId: recordId.nullable(),
    memberId: recordId.nullable(),
    tags: text(500),
    desc: text(2000),
  })
  .strict();

export const timerFields = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }).strict(),
  z
    .object({
      status: z.literal('running'),
      startedAt: z.number().int().positive(),
      day,
      continueLogId: recordId.nullable(),
      runId: recordId.optional(),
      entry: timerEntry.optional(),
    })
    .strict(),
]);
