import { describe, expect, it } from 'vitest';
import {
  clientCode,
  counterScope,
  formatInvoiceNumber,
  numberingProblem,
  parsePattern,
} from '../../../src/lib/invoice-number';

describe('invoice numbers', () => {
  it('fills the year, month and zero-padded counter of the pattern', () => {
    expect(formatInvoiceNumber('{YYYY}-{SEQ:4}', 7, '2026-11-24')).toBe('2026-0007');
    expect(formatInvoiceNumber('INV/{YY}{MM}/{SEQ:3}', 42, '2027-01-05')).toBe('INV/2701/042');
    expect(formatInvoiceNumber('#{SEQ}', 12345, '2026-11-24')).toBe('#12345');
    // A counter wider than its padding is written in full.
    expect(formatInvoiceNumber('{SEQ:2}', 123, '2026-11-24')).toBe('123');
  });

  it('refuses a pattern without one counter, with odd characters, or too long', () => {
    expect(parsePattern('{YYYY}-001')).toEqual({
      ok: false,
      message: 'The pattern needs a counter, {SEQ} or {SEQ:4} for four digits',
    });
    expect(parsePattern('{SEQ}-{SEQ}')).toMatchObject({
      ok: false,
      message: 'Use the counter {SEQ} once',
    });
    expect(parsePattern('{SEQ}<script>').ok).toBe(false);
    expect(parsePattern('{SEQ:0}').ok).toBe(false);
    expect(parsePattern('x'.repeat(41) + '{SEQ}')).toMatchObject({
      ok: false,
      message: 'At most 40 characters',
    });
    expect(parsePattern('').ok).toBe(false);
  });

  it('keeps each counter to its scope, and wants the year in a yearly pattern', () => {
    expect(counterScope('continuous', '2026-11-24', 'c1')).toBe('all');
    expect(counterScope('yearly', '2026-11-24', 'c1')).toBe('year:2026');
    expect(counterScope('per-client', '2026-11-24', 'c1')).toBe('client:c1');
    expect(numberingProblem('{SEQ:4}', 'yearly')).toBe(
      'A counter that starts again each year needs the year in the pattern: {YYYY} or {YY}',
    );
    expect(numberingProblem('{YY}-{SEQ:4}', 'yearly')).toBeNull();
    expect(numberingProblem('{SEQ:4}', 'continuous')).toBeNull();
    expect(numberingProblem('{SEQ:4}', 'per-client')).toBe(
      'A counter per client needs the client in the pattern: {CLIENT}',
    );
    expect(
      formatInvoiceNumber('{CLIENT}-{SEQ:3}', 2, '2026-11-24', clientCode('Ácme & Sons Ltd')),
    ).toBe('ACMESO-002');
    expect(clientCode('株式会社')).toBe('CLIENT');
  });
});
