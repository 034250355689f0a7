// Invoice numbers from a pattern such as `{YYYY}-{SEQ:4}` (issue 14): the year and month of the
// issue date and a counter, zero-padded. The counter runs on for ever, starts again each year,
// or runs per client; the server draws the next value in the transaction that issues, so
// numbers have no gaps and no repeats however many devices issue at once.

export const counterModes = ['continuous', 'yearly', 'per-client'] as const;
export type CounterMode = (typeof counterModes)[number];

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'year'; digits: 2 | 4 }
  | { kind: 'month' }
  | { kind: 'client' }
  | { kind: 'seq'; width: number };

const TOKEN = /\{(YYYY|YY|MM|CLIENT|SEQ(?::([1-9]))?)\}/g;
/** Letters, digits and the separators accounting software accepts in a document number. */
const LITERAL = /^[A-Za-z0-9\-_/.# ]*$/;

/** The parts of `pattern`, or why it cannot number invoices. */
export function parsePattern(
  pattern: string,
): { ok: true; parts: Part[] } | { ok: false; message: string } {
  if (pattern.trim() === '')
    return { ok: false, message: 'Give a number pattern, e.g. {YYYY}-{SEQ:4}' };
  if (pattern.length > 40) return { ok: false, message: 'At most 40 characters' };
  const parts: Part[] = [];
  let at = 0;
  let counters = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    const text = pattern.slice(at, match.index);
    if (text) parts.push({ kind: 'text', text });
    const token = match[1] ?? '';
    if (token === 'YYYY') parts.push({ kind: 'year', digits: 4 });
    else if (token === 'YY') parts.push({ kind: 'year', digits: 2 });
    else if (token === 'MM') parts.push({ kind: 'month' });
    else if (token === 'CLIENT') parts.push({ kind: 'client' });
    else {
      counters += 1;
      parts.push({ kind: 'seq', width: Number(match[2] ?? 1) });
    }
    at = (match.index ?? 0) + match[0].length;
  }
  const rest = pattern.slice(at);
  if (rest) parts.push({ kind: 'text', text: rest });
  if (counters !== 1)
    return {
      ok: false,
      message:
        counters === 0
          ? 'The pattern needs a counter, {SEQ} or {SEQ:4} for four digits'
          : 'Use the counter {SEQ} once',
    };
  const literals = parts.filter((p): p is { kind: 'text'; text: string } => p.kind === 'text');
  if (literals.some((p) => !LITERAL.test(p.text) || /[{}]/.test(p.text)))
    return {
      ok: false,
      message:
        'Outside {YYYY}, {YY}, {MM}, {CLIENT} and {SEQ}, use letters, digits, spaces and - _ / . #',
    };
  return { ok: true, parts };
}

/**
 * Which counter an invoice draws from: one for the workspace, one per year of the issue date,
 * or one per client. A pattern's numbers stay unique as long as the counter's scope shows in it
 * (a yearly counter needs {YYYY} or {YY}); `numberingProblem` says so.
 */
export function counterScope(mode: CounterMode, issueDate: string, clientId: string): string {
  if (mode === 'yearly') return `year:${issueDate.slice(0, 4)}`;
  if (mode === 'per-client') return `client:${clientId}`;
  return 'all';
}

/** Why `pattern` with `mode` could number two invoices alike, or null. */
export function numberingProblem(pattern: string, mode: CounterMode): string | null {
  const parsed = parsePattern(pattern);
  if (!parsed.ok) return parsed.message;
  if (mode === 'yearly' && !parsed.parts.some((p) => p.kind === 'year'))
    return 'A counter that starts again each year needs the year in the pattern: {YYYY} or {YY}';
  if (mode === 'per-client' && !parsed.parts.some((p) => p.kind === 'client'))
    return 'A counter per client needs the client in the pattern: {CLIENT}';
  return null;
}

/** A client's part of a number: the letters and digits of its name, up to six, upper case. */
export function clientCode(name: string): string {
  const code = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 6)
    .toUpperCase();
  return code || 'CLIENT';
}

/** The number of the `seq`-th invoice of its counter, issued on `issueDate` (YYYY-MM-DD). */
export function formatInvoiceNumber(
  pattern: string,
  seq: number,
  issueDate: string,
  client = '',
): string {
  const parsed = parsePattern(pattern);
  if (!parsed.ok) throw new Error(`Not an invoice number pattern: ${parsed.message}`);
  return parsed.parts
    .map((p) => {
      if (p.kind === 'text') return p.text;
      if (p.kind === 'year') return p.digits === 4 ? issueDate.slice(0, 4) : issueDate.slice(2, 4);
      if (p.kind === 'month') return issueDate.slice(5, 7);
      if (p.kind === 'client') return client;
      return String(seq).padStart(p.width, '0');
    })
    .join('');
}
