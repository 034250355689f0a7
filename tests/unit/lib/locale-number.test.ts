import { describe, expect, it } from 'vitest';
import { editableNumber, readLocaleNumber } from '../../../src/lib/locale-number';

// Issue 47, point 6: '110,50' as a rate in a German browser was refused.
describe('readLocaleNumber', () => {
  it('reads a decimal comma and a decimal point in either locale', () => {
    expect(readLocaleNumber('110,50', 'de-DE')).toBe(110.5);
    expect(readLocaleNumber('110.50', 'de-DE')).toBe(110.5);
    expect(readLocaleNumber('110,50', 'en-US')).toBe(110.5);
    expect(readLocaleNumber('110.50', 'en-IN')).toBe(110.5);
    expect(readLocaleNumber('0,5', 'de-DE')).toBe(0.5);
    expect(readLocaleNumber(',75', 'de-DE')).toBe(0.75);
  });

  it('reads thousands grouped either way when both signs are there', () => {
    expect(readLocaleNumber('1.234,56', 'de-DE')).toBe(1234.56);
    expect(readLocaleNumber('1,234.56', 'de-DE')).toBe(1234.56);
    expect(readLocaleNumber('1.234,56', 'en-US')).toBe(1234.56);
    expect(readLocaleNumber('1,234.56', 'en-US')).toBe(1234.56);
    expect(readLocaleNumber('12,34,567.50', 'en-IN')).toBe(1234567.5);
    expect(readLocaleNumber('1.234.567', 'de-DE')).toBe(1234567);
    expect(readLocaleNumber('1 234,56', 'fr-FR')).toBe(1234.56);
    expect(readLocaleNumber('1\u202f234,56', 'fr-FR')).toBe(1234.56);
    expect(readLocaleNumber("1'234.50", 'de-CH')).toBe(1234.5);
  });

  it('reads one sign before three digits as the locale writes it', () => {
    expect(readLocaleNumber('1.234', 'de-DE')).toBe(1234);
    expect(readLocaleNumber('1,234', 'de-DE')).toBe(1.234);
    expect(readLocaleNumber('1,234', 'en-US')).toBe(1234);
    expect(readLocaleNumber('1.234', 'en-US')).toBe(1.234);
    // A leading 0 or four digits before the sign cannot be thousands.
    expect(readLocaleNumber('0.125', 'de-DE')).toBe(0.125);
    expect(readLocaleNumber('1234,567', 'en-US')).toBe(1234.567);
  });

  it('takes a currency sign or code and a minus sign', () => {
    expect(readLocaleNumber('€ 110,50', 'de-DE')).toBe(110.5);
    expect(readLocaleNumber('110,50 €', 'de-DE')).toBe(110.5);
    expect(readLocaleNumber('EUR 1.234,56', 'de-DE')).toBe(1234.56);
    expect(readLocaleNumber('₹1,23,456', 'en-IN')).toBe(123456);
    expect(readLocaleNumber('-12,5', 'de-DE')).toBe(-12.5);
  });

  it('says null for anything that is not one number', () => {
    for (const text of [
      '',
      'abc',
      '1,2,3',
      '1.23.4',
      '1,234,5',
      '1 2',
      '12h',
      '1,5,',
      '.',
      '1.2.3,4',
    ])
      expect(readLocaleNumber(text, 'de-DE'), text).toBeNull();
  });
});

describe('editableNumber', () => {
  it('writes the locale’s decimal sign and no grouping, so it reads back the same', () => {
    expect(editableNumber(1234.5, 'de-DE')).toBe('1234,5');
    expect(editableNumber(1.234, 'de-DE')).toBe('1,234');
    expect(readLocaleNumber(editableNumber(1.234, 'de-DE'), 'de-DE')).toBe(1.234);
    expect(editableNumber(1.234, 'en-US')).toBe('1.234');
    expect(readLocaleNumber(editableNumber(1.234, 'en-US'), 'en-US')).toBe(1.234);
  });
});
