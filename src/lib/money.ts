import { formatMoney, localeFor, toMinor } from './money-format';

export { currencyOf, formatMoney, fromMinor, toMinor, type Currency } from './money-format';

/** An hourly rate stored as a decimal, e.g. 800 in INR → '₹800.00'. */
export function formatRate(
  decimalPerHour: number,
  currency: string,
  locale: string = localeFor(currency),
): string {
  return formatMoney(toMinor(decimalPerHour), currency, locale);
}

/** The sign of `currency`, e.g. '₹', for labels such as 'Billable rate (₹ per hour)'. */
export function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat(localeFor(currency), {
    style: 'currency',
    currency,
  }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

/** `currency` by name and code, e.g. 'Indian rupees (INR)'. */
export function currencyName(currency: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(currency) ?? currency;
  // DisplayNames gives 'Indian Rupee'; people say 'Indian rupees'.
  return `${name.replace(/\b(\w)(\w*)$/, (_, a: string, b: string) => `${a.toLowerCase()}${b}s`)} (${currency})`;
}
