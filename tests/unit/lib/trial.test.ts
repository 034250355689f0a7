import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS, trialDaysLeft } from '../../../src/lib/trial';

const created = new Date('2026-11-01T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('trialDaysLeft', () => {
  it('gives the full 14 days on the day of sign-up', () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(trialDaysLeft(created, at('2026-11-01T23:00:00Z'))).toBe(14);
  });
  it('counts down one per full day since creation', () => {
    expect(trialDaysLeft(created, at('2026-11-04T10:00:00Z'))).toBe(11);
    expect(trialDaysLeft(created, at('2026-11-14T09:59:59Z'))).toBe(2);
  });
  it('never goes below zero and treats a bad date as ended', () => {
    expect(trialDaysLeft(created, at('2027-01-01T00:00:00Z'))).toBe(0);
    expect(trialDaysLeft(new Date('nonsense'), created)).toBe(0);
  });
});
