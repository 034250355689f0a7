import type { RefinementCtx } from 'zod';

// Text PostgreSQL cannot store: NUL, and halves of a surrogate pair (invalid UTF-16).
export const unstorable =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point of this pattern.
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Characters XML 1.0 cannot carry at all: the C0 controls other than tab, LF and CR, and the
// noncharacters U+FFFE and U+FFFF. One of them in a client's address made its e-invoice
// unreadable, and they do nothing useful in a name, an address or a note.
const CONTROL = '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]';
/** Matches a control character the write schemas refuse. */
export const controlCharacter = new RegExp(CONTROL);
const controlCharacters = new RegExp(CONTROL, 'g');

/** `text` without the control characters the write schemas refuse, for data from before them. */
export function stripControlCharacters(text: string): string {
  return text.replace(controlCharacters, '');
}

/** `value` with every string inside it (arrays and plain objects, deeply) stripped likewise. */
export function stripControlCharactersDeep<T>(value: T): T {
  if (typeof value === 'string') return stripControlCharacters(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => stripControlCharactersDeep(v)) as T;
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  )
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        stripControlCharacters(k),
        stripControlCharactersDeep(v),
      ]),
    ) as T;
  return value;
}

/** What a person is told when text holds a control character. */
export const CONTROL_MESSAGE =
  'Contains invisible control characters, often from pasted text: type it again without them';

/** Why `value` cannot be saved as text, in words for the person who typed it; '' when it can. */
export function textProblem(value: string): string {
  if (controlCharacter.test(value)) return CONTROL_MESSAGE;
  if (unstorable.test(value)) return 'Contains characters that cannot be stored';
  return '';
}

/** Refines a zod string with `textProblem`: `z.string().superRefine(checkText)`. */
export function checkText(value: string, ctx: RefinementCtx): void {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}
