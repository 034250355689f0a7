import { languageOf, personLocale } from './person-locale';

// Amounts in minor units and how they are written, apart from rate and currency labels
// (./money.ts, for the forms): Track's first visit writes amounts only (issue 29's budget).

/**
 * Amounts are computed in integer hundredths of the currency (paise, cents) so sums never drift.
 * Every currency is counted this way, whatever its minor units: EN 16931 writes amounts with at
 * most two decimals, and a currency with fewer (JPY) rounds its invoices to them (issue 47).
 */
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

// Formatters and the currency list are costly to build and the same for every caller, so each
// is built once; these caches are the only state the module keeps (every call names its currency).
const formatters = new Map<string, Intl.NumberFormat>();
// eslint-disable-next-line no-restricted-syntax
let known: ReadonlySet<string> | null = null;

/** Where each of the first currencies Hourmark offered is written when the reader is English. */
const homeLocales: Readonly<Record<string, string>> = {
  INR: 'en-IN',
  EUR: 'en-IE',
  USD: 'en-US',
  GBP: 'en-GB',
  AUD: 'en-AU',
  CAD: 'en-CA',
  SGD: 'en-SG',
  AED: 'en-AE',
};

/** A currency a workspace may choose (Account setting → Invoices), as its ISO 4217 code. */
export type Currency = string;

/** Every ISO 4217 currency in use that this platform writes (its Intl list), e.g. 'EUR'. */
export function currencyCodes(): ReadonlySet<string> {
  known ??= new Set([...Intl.supportedValuesOf('currency'), ...Object.keys(homeLocales)]);
  return known;
}

const isCurrency = (code: unknown): code is Currency =>
  typeof code === 'string' && currencyCodes().has(code);

/**
 * The currency `code` names when it is an ISO 4217 currency, else INR (every workspace's
 * currency until an Admin chose another), so an odd stored value never prints nonsense.
 */
export function currencyOf(code: unknown): Currency {
  return isCurrency(code) ? code : 'INR';
}

/**
 * The locale `currency` is written in: the person's own (issue 47: 1.234,56 € in Germany), but
 * an English reader keeps the currency's own English (₹1,23,456 in India, €123,456 for euros).
 * The server has no person, so documents it makes are in that English.
 */
export function localeFor(currency: string): string {
  const home = homeLocales[currency] ?? 'en';
  const person = personLocale();
  return person && languageOf(person) !== languageOf(home) ? person : home;
}

function formatterFor(currency: string, locale: string): Intl.NumberFormat {
  const key = `${currency}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The minor units of `currency` (ISO 4217 as the platform knows it): 2 for EUR, 0 for JPY,
 * 3 for BHD.
 */
export function currencyDigits(currency: string): number {
  return formatterFor(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The smallest amount `currency` has, in hundredths: 1 for EUR (a cent) and BHD (written with
 * three decimals, counted to two as EN 16931 writes amounts), 100 for JPY (a whole yen).
 */
export function minorStep(currency: string): number {
  return 10 ** Math.max(0, 2 - currencyDigits(currency));
}

/** Money for people in `currency`, e.g. 123456 paise in INR → '₹1,234.56' (Indian grouping). */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string = localeFor(currency),
): string {
  return formatterFor(currency, locale).format(fromMinor(minor));
}
