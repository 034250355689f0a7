import type { ZodError, ZodType, ZodTypeDef } from 'zod';

/** First message per field of a zod error, keyed by the top-level field name. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/** Moves focus to the first control marked invalid inside `form`. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** A checked form: its parsed data, or the first message per field. */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * Parses a form with its zod schema, then adds `rules` that zod cannot see (a name already
 * taken, say) to fields that have no message yet. A rule is a message, or false when it holds.
 */
export function checkForm<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  value: unknown,
  rules: Record<string, string | false> = {},
): FormCheck<T> {
  const parsed = schema.safeParse(value);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const [field, message] of Object.entries(rules)) if (message) errors[field] ??= message;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  return { ok: false, errors };
}
