import { describe, expect, it } from 'vitest';
import {
  decideNumberFormat,
  decimalMarkOf,
  plainNumber,
  scaledNumber,
} from '../../../../src/lib/import/numbers';

describe('numbers in the exporting person’s locale', () => {
  it('tells the decimal mark from a cell when the cell can say', () => {
    expect(
      ['2,5', '2.400,0', '0,250', '1.234.567', '2.5', '1,234.56', '0.250', '1,234,567'].map(
        decimalMarkOf,
      ),
    ).toEqual([
      'decimal-comma',
      'decimal-comma',
      'decimal-comma',
      'decimal-comma',
      'decimal-point',
      'decimal-point',
      'decimal-point',
      'decimal-point',
    ]);
    // A thousands mark or three decimals; a whole number; not a number.
    expect(['1,000', '1.000', '250', '', 'abc', '2,5x'].map(decimalMarkOf)).toEqual(
      Array(6).fill(null),
    );
  });

  it('decides a file’s mark by most cells, a point when none says', () => {
    expect(decideNumberFormat(['24,0', '2.400,0', '100,0', '1.000'])).toBe('decimal-comma');
    expect(decideNumberFormat(['2.5', '1,000', '250'])).toBe('decimal-point');
    expect(decideNumberFormat(['1,000', '250', ''])).toBe('decimal-point');
  });

  it('reads hours to the second and amounts to the cent exactly, in either locale', () => {
    // 0.76 h = 2736 s; 2.75 h = 9900 s; 24 h = 86400 s; 1/3 h written 0.333333 = 1199.9988 s → 1200.
    expect(
      ['0.76', '2.75', '24', '0.333333', '.5'].map((c) => scaledNumber(c, 'decimal-point', 3600)),
    ).toEqual([2736, 9900, 86400, 1200, 1800]);
    expect(['2,5', '24,0'].map((c) => scaledNumber(c, 'decimal-comma', 3600))).toEqual([
      9000, 86400,
    ]);
    expect(
      ['2.400,0', '75,83', '-12,5', '2 400,00', '0,005'].map((c) =>
        scaledNumber(c, 'decimal-comma', 100),
      ),
    ).toEqual([240000, 7583, -1250, 240000, 1]);
    expect(
      ['1,234.56', "2'400.00", '75.835', '-0.001'].map((c) =>
        scaledNumber(c, 'decimal-point', 100),
      ),
    ).toEqual([123456, 240000, 7584, 0]);
    expect([plainNumber('40,0', 'decimal-comma'), plainNumber('137.5', 'decimal-point')]).toEqual([
      40, 137.5,
    ]);
  });

  it('refuses what is not a number in the file’s locale', () => {
    expect(
      ['2.40,0', '2,5', '1.2.3', '', '-', 'ten', '1e3', '1234567890', '0.1234567'].map((c) =>
        scaledNumber(c, 'decimal-point', 100),
      ),
    ).toEqual([null, null, null, null, null, null, null, null, null]);
    expect(['2.5', '2.40,0', '1,2,3'].map((c) => scaledNumber(c, 'decimal-comma', 100))).toEqual([
      null,
      null,
      null,
    ]);
  });
});
