/** Amounts are computed in integer minor units (paise, cents) so sums never drift. */
export function toMinor(decimal: number): number {
  // Shifting the decimal point in the text avoids binary error: 1.005 * 100 is 100.49999…,
  // but Number('1.005e2') is exactly 100.5, which rounds to 101 paise as a person expects.
  if (!Number.isFinite(decimal)) return 0;
  const text = String(decimal);
  // Very small or large numbers are already printed with an exponent; shift those numerically.
  return text.includes('e') ? Math.round(decimal * 100) : Math.round(Number(`${text}e2`));
}

/** Decimal value of minor units. */
export function fromMinor(minor: number): number {
  return minor / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Money for people, e.g. 123456 paise → '₹1,234.56' (Indian grouping for INR). */
export function formatMoney(minor: number, currency = 'INR', locale = 'en-IN'): string {
  const key = `${currency}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(fromMinor(minor));
}

/** An hourly rate stored as a decimal, e.g. 800 → '₹800.00'. */
export function formatRate(decimalPerHour: number, currency = 'INR', locale = 'en-IN'): string {
  return formatMoney(toMinor(decimalPerHour), currency, locale);
}
