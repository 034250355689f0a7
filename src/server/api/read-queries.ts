import { z } from 'zod';
import { isValidDay } from '../../lib/day';
import { apiError } from '../http/responses';

/** Query parameters of the server's read endpoints, checked like bodies: 400 with fields. */

const day = z.string().refine(isValidDay, 'Must be a day as YYYY-MM-DD');
// PostgreSQL text cannot hold U+0000; such a value is refused here rather than failing there.
const text = z
  .string()
  .min(1)
  .max(200, 'At most 200 characters')
  .refine((value) => !value.includes('\u0000'), 'Must not contain a NUL character');
const id = text;
const workspace = z.string().uuid('Must be a workspace id');
const count = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'Must be a whole number')
    .transform(Number)
    .refine((n) => n <= max, `At most ${max}`);

/** GET /api/export and /api/tags: only the workspace. */
export const exportQuery = z.object({ workspace }).strict();

/** GET /api/logs */
export const logsQuery = z
  .object({
    workspace,
    from: day.optional(),
    to: day.optional(),
    before: day.optional(),
    client: id.optional(),
    project: id.optional(),
    task: id.optional(),
    member: id.optional(),
    status: z.enum(['approved', 'pending', 'submitted', 'rejected']).optional(),
    tag: text.optional(),
    q: text.optional(),
    limit: count(5000)
      .refine((n) => n >= 1, 'At least 1')
      .optional(),
    offset: count(10_000_000).optional(),
    order: z
      .enum(['day', 'recent'], { errorMap: () => ({ message: 'One of day, recent' }) })
      .optional(),
  })
  .strict();

/** GET /api/totals */
export const totalsQuery = z.object({ workspace, before: day.optional() }).strict();

/** The query of `request` read with `schema`, or the 400 response to send. */
export function parseQuery<T>(
  request: Request,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): { ok: true; value: T } | { ok: false; response: Response } {
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string> = {};
  const fields: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in raw) fields[key] = 'Given more than once';
    raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success && Object.keys(fields).length === 0) return { ok: true, value: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key =
        issue.path.length > 0
          ? issue.path.join('.')
          : issue.code === 'unrecognized_keys'
            ? issue.keys.join(', ')
            : 'query';
      fields[key] ??=
        issue.code === 'unrecognized_keys' ? 'Not a parameter of this request' : issue.message;
    }
  }
  return {
    ok: false,
    response: apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
      fields,
    }),
  };
}
