import { describe, expect, it } from 'vitest';
import { possibleDateFormats, readDate } from '../../../../src/lib/import/date-formats';

describe('the order of a file’s dates', () => {
  it('asks when every date reads both ways, and knows when one date settles it', () => {
    expect(possibleDateFormats(['03/04/2026', '12/01/2026'])).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY']);
    expect(possibleDateFormats(['03/04/2026', '03/13/2026'])).toEqual(['MM/DD/YYYY']);
    expect(possibleDateFormats(['13/04/2026', '03/04/2026'])).toEqual(['DD/MM/YYYY']);
    expect(possibleDateFormats(['2026-10-05', '2026-10-07'])).toEqual(['YYYY-MM-DD']);
    expect(possibleDateFormats(['2026-10-05', '03/04/2026'])).toEqual([]);
    expect(possibleDateFormats(['31.12.2026'])).toEqual(['DD.MM.YYYY']);
  });

  it('reads a date in the chosen order, and refuses days that do not exist', () => {
    expect(readDate('03/04/2026', 'MM/DD/YYYY')).toBe('2026-03-04');
    expect(readDate('03/04/2026', 'DD/MM/YYYY')).toBe('2026-04-03');
    expect(readDate('02/30/2026', 'MM/DD/YYYY')).toBeNull();
    expect(readDate('2026-13-01', 'YYYY-MM-DD')).toBeNull();
  });
});
