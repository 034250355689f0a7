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

/** How each currency a workspace may choose is written where it is used most. */
const localeOf: Record<string, string> = {
  INR: 'en-IN',
  EUR: 'en-IE',
  USD: 'en-US',
  GBP: 'en-GB',
  AUD: 'en-AU',
  CAD: 'en-CA',
  SGD: 'en-SG',
  AED: 'en-AE',
};

let workspaceCurrency = 'INR';

/**
 * The currency of the open workspace (Account setting → Invoices), in which every amount on
 * screen is written; set by the store that learns it from the server.
 */
export function setWorkspaceCurrency(currency: string): void {
  workspaceCurrency = currency in localeOf ? currency : 'INR';
}

/** Money for people, e.g. 123456 paise → '₹1,234.56' (Indian grouping for INR). */
export function formatMoney(
  minor: number,
  currency = workspaceCurrency,
  locale = localeOf[currency] ?? 'en-IN',
): string {
  const key = `${currency}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(fromMinor(minor));
}

/** An hourly rate stored as a decimal, e.g. 800 → '₹800.00'. */
export function formatRate(
  decimalPerHour: number,
  currency = workspaceCurrency,
  locale = localeOf[currency] ?? 'en-IN',
): string {
  return formatMoney(toMinor(decimalPerHour), currency, locale);
}

/** The workspace currency's sign, e.g. '₹', for labels such as 'Billable rate (₹ per hour)'. */
export function currencySymbol(currency = workspaceCurrency): string {
  const parts = new Intl.NumberFormat(localeOf[currency] ?? 'en-IN', {
    style: 'currency',
    currency,
  }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

/** The workspace currency by name and code, e.g. 'Indian rupees (INR)'. */
export function currencyName(currency = workspaceCurrency): string {
  const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(currency) ?? currency;
  // DisplayNames gives 'Indian Rupee'; people say 'Indian rupees'.
  return `${name.replace(/\b(\w)(\w*)$/, (_, a: string, b: string) => `${a.toLowerCase()}${b}s`)} (${currency})`;
}
