// Numbers as exports write them in the exporting person's locale (issue 33): `2.5` and
// `2,400.00` in English, `2,5` and `2.400,0` in German or Dutch, `2 400,00` in French, `2'400.00`
// in Swiss. A file is written in one locale, so the decimal mark is decided once per file, from
// its values, and every number of the file is then read with it.

/** The decimal mark a file's numbers are read with, as the preview names it. */
export type NumberFormat = 'decimal-point' | 'decimal-comma';

/**
 * What one cell says about the decimal mark, or null when it says nothing: `2,5`, `2.400,0` and
 * `0,25` say comma; `2.5`, `1,234.56` and `0.25` say point. `1,000` and `1.000` say nothing (a
 * thousands mark, or three decimals), nor do `250` or `''`.
 */
export function decimalMarkOf(cell: string): NumberFormat | null {
  const text = cell.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!/^-?[\d.,]*\d$/.test(text)) return null;
  const point = text.lastIndexOf('.');
  const comma = text.lastIndexOf(',');
  if (point !== -1 && comma !== -1) return point > comma ? 'decimal-point' : 'decimal-comma';
  const mark = point !== -1 ? point : comma;
  if (mark === -1) return null;
  const decimals = text.length - mark - 1;
  // One mark that appears once with exactly three digits after it may be either.
  const once = text.indexOf(text[mark] ?? '') === mark;
  if (decimals === 3 && once && !/^-?0[.,]/.test(text)) return null;
  if (!once) return point !== -1 ? 'decimal-comma' : 'decimal-point'; // 1.234.567 / 1,234,567
  return point !== -1 ? 'decimal-point' : 'decimal-comma';
}

/**
 * The decimal mark of a file from its number cells: the mark most cells say; a point when none
 * says (every number whole, or ambiguous like `1,000`), as English exports are the default.
 */
export function decideNumberFormat(cells: Iterable<string>): NumberFormat {
  let point = 0;
  let comma = 0;
  for (const cell of cells) {
    const mark = decimalMarkOf(cell);
    if (mark === 'decimal-point') point += 1;
    else if (mark === 'decimal-comma') comma += 1;
  }
  return comma > point ? 'decimal-comma' : 'decimal-point';
}

/** A number cell split into sign, whole part and decimal digits, or null when it does not read. */
function parts(
  cell: string,
  format: NumberFormat,
): { negative: boolean; whole: string; decimals: string } | null {
  const text = cell.trim().replace(/[\s\u00a0\u202f']/g, '');
  const [mark, group] = format === 'decimal-point' ? ['.', ','] : [',', '.'];
  const match = /^(-?)([\d.,]*\d)$/.exec(text);
  if (!match?.[2]) return null;
  const [wholeText = '', decimals = '', ...rest] = match[2].split(mark);
  if (rest.length) return null;
  // Thousands marks only between groups of three digits: 2.400,0 or 12,000.5, never 2.40,0.
  if (wholeText.includes(group) && !new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(wholeText))
    return null;
  const whole = wholeText.split(group).join('');
  if (!/^\d*$/.test(decimals) || (whole === '' && decimals === '')) return null;
  return { negative: match[1] === '-', whole: whole || '0', decimals };
}

/** Longest whole part read: keeps every figure below 2^53 however many decimals follow. */
const MAX_WHOLE_DIGITS = 9;
const MAX_DECIMALS = 6;

/**
 * `cell` times `factor`, rounded to a whole number (half away from zero), exactly: the decimal
 * digits are shifted as text, so 0.76 h × 3600 is 2736 s and 75.83 × 100 is 7583, with no binary
 * rounding. Null when the cell does not read as a number in `format`.
 */
export function scaledNumber(cell: string, format: NumberFormat, factor: number): number | null {
  const read = parts(cell, format);
  if (!read || read.whole.length > MAX_WHOLE_DIGITS || read.decimals.length > MAX_DECIMALS)
    return null;
  const scale = 10 ** read.decimals.length;
  const fraction = Number(read.decimals || '0') * factor;
  const value = Number(read.whole) * factor + Math.floor(fraction / scale);
  const rounded = value + (fraction % scale >= scale / 2 ? 1 : 0);
  return read.negative ? -rounded || 0 : rounded;
}

/** A plain number (a rate per hour, `40.0` or `40,0`), or null when the cell does not read. */
export function plainNumber(cell: string, format: NumberFormat): number | null {
  const minor = scaledNumber(cell, format, 100);
  return minor === null ? null : minor / 100;
}
