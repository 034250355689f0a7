import { personLocale } from './person-locale';

// Numbers as people type them in their own locale (issue 47): '110,50' in Germany, '110.50' in
// India, '1.234,56' and '1,234.56' everywhere a reading is plain. Every money and hours field
// reads through here, in the browser and in the schemas the server shares, so one rule decides.

/** The decimal and grouping signs `locale` writes, e.g. ',' and '.' for de-DE. */
function signsOf(locale: string): { decimal: string; group: string } {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    return {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
  } catch {
    return { decimal: '.', group: ',' };
  }
}

/** Spaces and apostrophes some locales group thousands with (fr-FR, de-CH). */
const SPACE_GROUPS = /[ \u00a0\u202f'’]/;

/** Thousands grouped in threes ('1,234,567') or the Indian way ('12,34,567'). */
const groupedPattern = (sign: string) => {
  const s = sign === '.' ? '\\.' : sign;
  return new RegExp(`^(?:\\d{1,3}(?:${s}\\d{3})+|\\d{1,2}(?:${s}\\d{2})*${s}\\d{3})$`);
};

/** Whole digits grouped with `sign`, its signs removed; null when the groups are not whole. */
function ungroup(digits: string, sign: string): string | null {
  return groupedPattern(sign).test(digits) ? digits.split(sign).join('') : null;
}

/**
 * One separator written once, with three digits after it ('1,234' or '1.234'): a thousands sign
 * or a decimal point. The locale says which; a leading 0 or more than three digits before it
 * rules out grouping whatever the locale.
 */
function oneSeparator(whole: string, sign: string, after: string, locale: string): string {
  const groupable = after.length === 3 && /^[1-9]\d{0,2}$/.test(whole);
  if (!groupable) return `${whole || '0'}.${after}`;
  const { decimal, group } = signsOf(locale);
  if (sign === group && sign !== decimal) return `${whole}${after}`;
  return `${whole}.${after}`;
}

/** The plain digits of `body` (digits, '.' and ','), as JavaScript reads a number, or null. */
function plainDigits(body: string, locale: string): string | null {
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return null;
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  if (dots === 0 && commas === 0) return body;
  if (dots > 0 && commas > 0) {
    // Both signs: the last is the decimal point, the other groups what comes before it.
    const decimalSign = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const groupSign = decimalSign === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimalSign);
    const whole = ungroup(body.slice(0, at), groupSign);
    const fraction = body.slice(at + 1);
    if (whole === null || !/^\d+$/.test(fraction) || fraction.includes(groupSign)) return null;
    return `${whole}.${fraction}`;
  }
  const sign = dots > 0 ? '.' : ',';
  if (dots + commas > 1) return ungroup(body, sign);
  const [whole = '', after = ''] = body.split(sign);
  if (after === '') return whole === '' ? null : whole;
  return oneSeparator(whole, sign, after, locale);
}

/**
 * The number `text` says in `locale` (the person's own, else English), or null when it says
 * none. Reads '110,50', '110.50', '1.234,56', '1,234.56', '1 234,56', '12,34,567.50', a minus
 * sign, and a currency sign or code before or after ('€ 110,50', '110.50 EUR').
 */
export function readLocaleNumber(
  text: string,
  locale: string = personLocale() ?? 'en',
): number | null {
  let body = text
    .trim()
    .replace(/^(?:\p{Sc}|[A-Za-z]{3}(?=[\s\d.,-]))\s*/u, '')
    .replace(/\s*(?:\p{Sc}|(?<=[\s\d])[A-Za-z]{3})$/u, '');
  const negative = /^[-−]/.test(body);
  if (negative) body = body.slice(1).trimStart();
  if (SPACE_GROUPS.test(body)) {
    // Spaces group thousands only between whole groups of three: '1 234,56', not '1 2'.
    const [whole = '', ...rest] = body.split(/(?=[.,]\d+$)/);
    const ungrouped = /^\d{1,3}(?:[ \u00a0\u202f'’]\d{3})+$/.test(whole)
      ? whole.replace(/[^\d]/g, '')
      : null;
    if (ungrouped === null) return null;
    body = ungrouped + rest.join('');
  }
  const digits = plainDigits(body, locale);
  if (digits === null) return null;
  const value = Number(digits);
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/**
 * `value` as a field shows it for editing in `locale`: no grouping, the locale's decimal sign
 * ('110,5' in de-DE, '110.5' in en), so what the person sees reads back as the same number.
 */
export function editableNumber(value: number, locale: string = personLocale() ?? 'en'): string {
  return withDecimalSign(String(value), locale);
}

/** `text`, a number as JavaScript writes it ('1234.50'), with `locale`'s decimal sign. */
export function withDecimalSign(text: string, locale: string = personLocale() ?? 'en'): string {
  return signsOf(locale).decimal === ',' ? text.replace('.', ',') : text;
}
