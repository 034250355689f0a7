import {
  currencyCodes,
  currencyDigits,
  formatMoney,
  fromMinor,
  localeFor,
  toMinor,
} from './money-format';
import { withDecimalSign } from './locale-number';

export {
  currencyCodes,
  currencyDigits,
  currencyOf,
  formatMoney,
  fromMinor,
  toMinor,
  type Currency,
} from './money-format';

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

/** `currency` by name and code, e.g. 'Indian rupees (INR)', 'Japanese yen (JPY)'. */
export function currencyName(currency: string): string {
  // The plural name as an amount of two is written: 'euros', 'Japanese yen', 'Swiss francs'.
  const name = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'name' })
    .formatToParts(2)
    .find((p) => p.type === 'currency')?.value;
  return `${name ?? currency} (${currency})`;
}

/** Every currency a workspace may choose, by its name, for a select: 'Euro (EUR)'. */
export function currencyOptions(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return [...currencyCodes()]
    .map((code) => ({ code, name: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * An amount as a field shows it for editing: the currency's minor units (1234.50 EUR, 1235 JPY)
 * and the person's decimal sign ('1234,50' in Germany), so it reads back as the same amount.
 */
export function editableMoney(minor: number, currency: string): string {
  const digits = Math.min(currencyDigits(currency), 2);
  return withDecimalSign(fromMinor(minor).toFixed(digits));
}
