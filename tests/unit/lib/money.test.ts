import { describe, expect, it } from 'vitest';
import {
  currencyName,
  currencyOf,
  currencySymbol,
  formatMoney,
  formatRate,
  fromMinor,
  toMinor,
} from '../../../src/lib/money';

describe('toMinor and fromMinor', () => {
  it('converts decimals to whole paise', () => {
    expect(toMinor(12.34)).toBe(1234);
    expect(toMinor(800)).toBe(80_000);
    expect(toMinor(0)).toBe(0);
    expect(toMinor(0.1 + 0.2)).toBe(30); // 0.30000000000000004 must not drift
    expect(Number.isInteger(toMinor(19.99))).toBe(true);
  });

  it('converts paise back to a decimal', () => {
    expect(fromMinor(1234)).toBe(12.34);
    expect(fromMinor(12_500_000)).toBe(125_000);
    expect(fromMinor(toMinor(19.99))).toBe(19.99);
  });
});

describe('formatMoney', () => {
  it('groups rupees the Indian way (lakh, crore)', () => {
    expect(formatMoney(12_500_000, 'INR')).toBe('₹1,25,000.00');
    expect(formatMoney(123_456, 'INR')).toBe('₹1,234.56');
    expect(formatMoney(1_234_567_899, 'INR')).toBe('₹1,23,45,678.99');
    expect(formatMoney(10_000_000, 'INR')).toBe('₹1,00,000.00');
  });

  it('always shows two decimals', () => {
    expect(formatMoney(0, 'INR')).toBe('₹0.00');
    expect(formatMoney(5, 'INR')).toBe('₹0.05');
    expect(formatMoney(112_500, 'INR')).toBe('₹1,125.00');
  });

  it('shows negative amounts with a minus sign', () => {
    expect(formatMoney(-50_000, 'INR')).toBe('-₹500.00');
  });

  it('uses the given currency and locale, keeping formatters apart', () => {
    expect(formatMoney(12_500_000, 'USD', 'en-US')).toBe('$125,000.00');
    expect(formatMoney(12_500_000, 'INR')).toBe('₹1,25,000.00');
  });
});

describe('formatRate', () => {
  it('formats a decimal hourly rate', () => {
    expect(formatRate(800, 'INR')).toBe('₹800.00');
    expect(formatRate(812.5, 'INR')).toBe('₹812.50');
    expect(formatRate(125_000, 'INR')).toBe('₹1,25,000.00');
  });
});

describe('toMinor rounding of half paise', () => {
  it('rounds amounts with a third decimal the way a person would', () => {
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(1.015)).toBe(102);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1e-7)).toBe(0);
  });
});

describe('the workspace currency', () => {
  it('writes every amount in the currency it is given, the way its users write it', () => {
    expect(formatMoney(12_345_600, 'EUR')).toBe('€123,456.00');
    expect(formatRate(812.5, 'EUR')).toBe('€812.50');
    expect([currencySymbol('EUR'), currencyName('EUR')]).toEqual(['€', 'euros (EUR)']);
    expect(formatMoney(99, 'USD')).toBe('$0.99');
    // Rupees in between keep their own grouping: no call leaves a currency behind for the next.
    expect(formatMoney(12_345_600, 'INR')).toBe('₹1,23,456.00');
    expect([currencySymbol('INR'), currencyName('INR')]).toEqual(['₹', 'Indian rupees (INR)']);
    expect(formatMoney(12_345_600, 'EUR')).toBe('€123,456.00');
  });

  it('reads a stored currency as one the app offers, or rupees rather than nonsense', () => {
    expect(currencyOf('EUR')).toBe('EUR');
    expect(currencyOf('AED')).toBe('AED');
    for (const odd of ['XYZ', 'eur', '', null, undefined, 1, 'toString', '__proto__'])
      expect(currencyOf(odd)).toBe('INR');
  });
});
