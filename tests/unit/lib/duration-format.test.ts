import { describe, expect, it } from 'vitest';
import { durationFormatOf, showDuration } from '../../../src/lib/duration-format';
import { budgetUse } from '../../../src/lib/project-rows';

// Issue 47, point 11: one duration format on every screen, the workspace's choice. 4,800 s is
// 1 h 20 min: 1:20 on the clock, 1.33 in decimal hours; 15,308 s is 4:15:08, 4.25 h.

describe('showDuration', () => {
  it('shows totals and a log’s own length on the clock, or both as decimal hours', () => {
    expect(showDuration(4800, 'clock')).toBe('1:20');
    expect(showDuration(15308, 'clock', 'log')).toBe('4:15:08');
    expect(showDuration(4800, 'decimal')).toBe('1.33');
    expect(showDuration(15308, 'decimal', 'log')).toBe('4.25');
  });

  it('reads anything but decimal as the clock', () => {
    expect([
      durationFormatOf('decimal'),
      durationFormatOf(undefined),
      durationFormatOf('x'),
    ]).toEqual(['decimal', 'clock', 'clock']);
  });
});

describe('budgetUse on the clock', () => {
  it('says the hours used, the budget and the overrun in hours and minutes, adding up as shown', () => {
    // 11 h 20 min 59 s of a 10 h budget: 11:20 of 10:00, 1:20 over (whole minutes).
    expect(budgetUse(40859, 10, 'clock')).toEqual({
      status: 'over',
      used: '11:20',
      budget: '10:00',
      over: '1:20',
    });
    // A budget of 7.5 h is 7:30; 4:15:08 is within it.
    expect(budgetUse(15308, 7.5, 'clock')).toEqual({
      status: 'within',
      used: '4:15',
      budget: '7:30',
    });
    expect(budgetUse(4800, 0, 'clock')).toEqual({ status: 'none', used: '1:20' });
    // In decimal hours, as before: 11.35 of 10 h, 1.35 over.
    expect(budgetUse(40859, 10, 'decimal')).toEqual({
      status: 'over',
      used: '11.35',
      budget: '10',
      over: '1.35',
    });
  });
});
