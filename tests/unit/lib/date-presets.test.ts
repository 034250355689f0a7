import { describe, expect, it } from 'vitest';
import { presetRange } from '../../../src/lib/date-presets';

// 25 Nov 2026 is a Wednesday.
describe('report date presets', () => {
  it('covers the right days for Monday weeks', () => {
    expect(presetRange('today', '2026-11-25', 1)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('this-week', '2026-11-25', 1)).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(presetRange('last-week', '2026-11-25', 1)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(presetRange('this-month', '2026-11-25', 1)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(presetRange('last-month', '2026-11-25', 1)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(presetRange('this-year', '2026-11-25', 1)).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(presetRange('custom', '2026-11-25', 1)).toBeNull();
  });

  it('follows the week start, and months across a year and February', () => {
    expect(presetRange('this-week', '2026-11-25', 0)).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
    });
    expect(presetRange('last-month', '2027-01-10', 1)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('this-month', '2028-02-10', 1)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(presetRange('this-month', '2026-12-10', 1)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});
