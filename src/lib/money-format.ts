// Amounts in minor units and how they are written, apart from rate and currency labels
// (./money.ts, for the forms): Track's first visit writes amounts only (issue 29's budget).

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

// Formatters are costly to build and the same for every caller, so each is built once; this
// cache is the only state the module keeps (no currency is remembered: every call names it).
const formatters = new Map<string, Intl.NumberFormat>();

/** How each currency a workspace may choose is written where it is used most. */
const localeOf = {
  INR: 'en-IN',
  EUR: 'en-IE',
  USD: 'en-US',
  GBP: 'en-GB',
  AUD: 'en-AU',
  CAD: 'en-CA',
  SGD: 'en-SG',
  AED: 'en-AE',
} as const;

/** A currency a workspace may choose (Account setting → Invoices), as its ISO 4217 code. */
export type Currency = keyof typeof localeOf;

const isCurrency = (code: unknown): code is Currency =>
  typeof code === 'string' && Object.hasOwn(localeOf, code);

/**
 * The currency `code` names when a workspace may use it, else INR (every workspace's currency
 * until an Admin chooses another), so an odd stored value never prints nonsense.
 */
export function currencyOf(code: unknown): Currency {
  return isCurrency(code) ? code : 'INR';
}

/** The locale `currency` is written in (INR's for one a workspace may not use). */
export const localeFor = (currency: string) =>
  isCurrency(currency) ? localeOf[currency] : 'en-IN';

/** Money for people in `currency`, e.g. 123456 paise in INR → '₹1,234.56' (Indian grouping). */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string = localeFor(currency),
): string {
  const key = `${currency}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(fromMinor(minor));
}
