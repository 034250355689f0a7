import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone, currentZoneName, currentZoneNames } from '../../src/lib/time-zones';
import { todayIn } from '../../src/lib/workspace-rules';
import { workspaceSettingsBody } from '../../src/lib/commands/workspace-args';

// Old zone names (issue 31): offered and stored under current names, still read when stored.

describe('time-zone names', () => {
  it('maps the old names ICU answers with to the current ones, and leaves the rest', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Europe/Berlin')).toBe('Europe/Berlin');
    expect(currentZoneNames(['UTC', 'Asia/Calcutta', 'Asia/Kolkata', 'Europe/Kiev'])).toEqual([
      'UTC',
      'Asia/Kolkata',
      'Europe/Kyiv',
    ]);
  });

  it('reads a stored old name as the same zone: 23:30 UTC is the next day in Kolkata', () => {
    const at = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('Asia/Calcutta', at)).toBe('2026-11-25');
    expect(todayIn('Asia/Kolkata', at)).toBe('2026-11-25');
  });

  it('stores a workspace’s zone under its current name', () => {
    const parsed = workspaceSettingsBody.parse({
      workspaceId: '00000000-0000-4000-8000-000000000000',
      name: 'Pune Studio',
      managersSeeAmounts: false,
      timeZone: 'Asia/Calcutta',
      weekStart: 1,
      lockedUpTo: null,
      autoLock: null,
    });
    expect(parsed.timeZone).toBe('Asia/Kolkata');
  });
});

describe('the browser’s zone a new workspace starts in', () => {
  it('is the browser’s zone under its current name, and null when the browser does not say', () => {
    const real = Intl.DateTimeFormat;
    const saying = (timeZone: string | undefined) =>
      vi
        .spyOn(Intl, 'DateTimeFormat')
        .mockImplementation(
          () => ({ resolvedOptions: () => ({ timeZone }) }) as unknown as Intl.DateTimeFormat,
        );
    try {
      saying('Asia/Calcutta');
      expect(browserTimeZone()).toBe('Asia/Kolkata');
      saying('America/New_York');
      expect(browserTimeZone()).toBe('America/New_York');
      saying(undefined);
      expect(browserTimeZone()).toBeNull();
    } finally {
      vi.restoreAllMocks();
      expect(Intl.DateTimeFormat).toBe(real);
    }
  });
});
