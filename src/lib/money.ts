/** Amounts are computed in integer minor units (paise, cents) so sums never drift. */
export function toMinor(decimal: number): number {
  return Math.round(decimal * 100);
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
