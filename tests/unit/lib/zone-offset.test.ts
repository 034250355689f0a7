import { describe, expect, it } from 'vitest';
import { offsetOnDay } from '../../../src/lib/zone-offset';

// The public API gives an entry's clock times with its zone's offset on that day (issue 50).

describe('the offset of a time zone on a day', () => {
  it('follows summer time', () => {
    expect(offsetOnDay('America/New_York', '2026-07-01', '09:00')).toBe('-04:00');
    expect(offsetOnDay('America/New_York', '2026-01-15', '09:00')).toBe('-05:00');
    expect(offsetOnDay('Asia/Kolkata', '2026-11-20', '09:00')).toBe('+05:30');
    expect(offsetOnDay('UTC', '2026-11-20')).toBe('+00:00');
  });

  it('reads the clock time, on the day the clocks change', () => {
    // Berlin moves from +01:00 to +02:00 at 02:00 on 29 March 2026.
    expect(offsetOnDay('Europe/Berlin', '2026-03-29', '01:30')).toBe('+01:00');
    expect(offsetOnDay('Europe/Berlin', '2026-03-29', '09:00')).toBe('+02:00');
  });
});
