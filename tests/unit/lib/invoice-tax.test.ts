import { describe, expect, it } from 'vitest';
import { quantityFor, quantityText } from '../../../src/lib/invoice-lines';
import {
  isEuVatNumber,
  isVatNumber,
  taxIdsOf,
  taxTreatment,
  taxTreatmentText,
} from '../../../src/lib/invoice-tax';

// Issue 27: which number is a VAT identifier, how an invoice without tax reads, and quantities
// that multiply out at the rate that applied.

describe('tax identifiers', () => {
  it('takes only a number with an ISO country prefix as a VAT number', () => {
    expect(
      [
        'DE811907980',
        'de 811.907-980',
        'EL094259216',
        'GB123456789',
        '27AAPFU0939F1ZV',
        'ZZ12345',
        '',
      ].map(isVatNumber),
    ).toEqual([true, true, true, true, false, false, false]);
    expect(['FR40303265045', 'GB123456789'].map(isEuVatNumber)).toEqual([true, false]);
  });

  it('writes a number typed into the VAT field without its prefix as a registration number', () => {
    expect(taxIdsOf({ vatNumber: '27AAPFU0939F1ZV', taxNumber: '' })).toEqual({
      vat: '',
      registration: '27AAPFU0939F1ZV',
    });
    expect(taxIdsOf({ vatNumber: 'DE811907980', taxNumber: 'HRB 1234' })).toEqual({
      vat: 'DE811907980',
      registration: 'HRB 1234',
    });
  });
});

describe('tax treatment', () => {
  const german = { country: 'DE', vatNumber: 'DE811907980', taxNumber: '' };
  const indian = { country: 'IN', taxNumber: '27AAPFU0939F1ZV' };
  it('is standard rate with tax, reverse charge across EU borders, else exempt or out of scope', () => {
    expect(taxTreatment(18, indian, { country: 'IN', taxNumber: '' })).toEqual({
      category: 'S',
      percent: 18,
    });
    const paris = { country: 'FR', vatNumber: 'FR40303265045', taxNumber: '' };
    expect(taxTreatment(0, german, paris).category).toBe('AE');
    // Same country, or no VAT number: no reverse charge.
    expect(taxTreatment(0, german, { ...paris, country: 'DE' }).category).toBe('E');
    expect(taxTreatment(0, german, { country: 'FR', taxNumber: '' }).category).toBe('E');
    expect(taxTreatment(0, { country: 'IN', taxNumber: '' }, paris).category).toBe('O');
    expect(taxTreatmentText({ taxes: [], seller: german, buyer: paris })).toBe(
      'Reverse charge: VAT to be accounted for by the recipient (VATEX-EU-AE).',
    );
  });
});

describe('quantities that multiply out', () => {
  it('gives 3:50 at ₹1,200/h as 3.83333 h, and three 20-minute logs of ₹333.33 as 0.99999 h', () => {
    // 13800 s at 120000 p/h: the logs' 460000 p; 3.83333 × 120000 = 459999.6 → 460000.
    expect(quantityFor(13800, 460000, 120000)).toBe(3.83333);
    // Each 1200 s at 100000 p/h is 33333 p, so 99999 p for the hour: 0.99999 × 100000 = 99999.
    expect(quantityFor(3600, 99999, 100000)).toBe(0.99999);
    expect(quantityFor(5400, 150000, 100000)).toBe(1.5);
    expect(quantityFor(3600, 100000, 0)).toBeNull();
    expect(quantityText({ kind: 'time', quantity: 3.83333 })).toBe('3.83333 h');
    expect(quantityText({ kind: 'time', quantity: 1.5 })).toBe('1.50 h');
  });
});
