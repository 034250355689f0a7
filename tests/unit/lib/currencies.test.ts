import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currencyDigits,
  currencyName,
  currencyOf,
  currencyOptions,
  editableMoney,
  formatMoney,
} from '../../../src/lib/money';
import { minorStep } from '../../../src/lib/money-format';

// Issue 47, point 7: every ISO 4217 currency, with its minor units; point 6: amounts shown in
// the person's locale.

afterEach(() => vi.unstubAllGlobals());

/** As in a browser whose first language is `language`. */
function browserIn(language: string) {
  vi.stubGlobal('window', {});
  vi.stubGlobal('navigator', { language });
}

describe('the currencies a workspace may choose', () => {
  it('are every ISO 4217 currency the platform writes, by name, not 8', () => {
    const options = currencyOptions();
    expect(options.length).toBeGreaterThan(150);
    expect(options).toContainEqual({ code: 'EUR', name: 'Euro (EUR)' });
    expect(options).toContainEqual({ code: 'JPY', name: 'Japanese Yen (JPY)' });
    expect(options).toContainEqual({ code: 'CHF', name: 'Swiss Franc (CHF)' });
    // Sorted by name for the select.
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const code of ['JPY', 'CHF', 'PLN', 'BHD']) expect(currencyOf(code)).toBe(code);
  });

  it('names each as people say an amount of it', () => {
    expect(currencyName('JPY')).toBe('Japanese yen (JPY)');
    expect(currencyName('CHF')).toBe('Swiss francs (CHF)');
    expect(currencyName('INR')).toBe('Indian rupees (INR)');
  });

  it('knows each one’s minor units, and the smallest amount in hundredths', () => {
    expect(['EUR', 'JPY', 'BHD', 'INR'].map(currencyDigits)).toEqual([2, 0, 3, 2]);
    expect(['EUR', 'JPY', 'BHD'].map(minorStep)).toEqual([1, 100, 1]);
    expect(formatMoney(116667, 'JPY')).toBe('¥1,167');
    expect(formatMoney(1050, 'BHD')).toBe('BHD\u00a010.500');
  });
});

describe('amounts in the person’s locale', () => {
  it('are written the German way in a German browser', () => {
    browserIn('de-DE');
    expect(formatMoney(123456, 'EUR')).toBe('1.234,56\u00a0€');
    expect(formatMoney(12345600, 'INR')).toBe('123.456,00\u00a0₹');
    expect(editableMoney(123450, 'EUR')).toBe('1234,50');
    expect(editableMoney(123450, 'JPY')).toBe('1235');
  });

  it('keep the currency’s own English for an English reader', () => {
    browserIn('en-US');
    expect(formatMoney(12345600, 'INR')).toBe('₹1,23,456.00');
    expect(formatMoney(12345600, 'EUR')).toBe('€123,456.00');
    expect(editableMoney(123450, 'EUR')).toBe('1234.50');
  });
});
