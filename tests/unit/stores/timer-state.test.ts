import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readTimerState } from '../../../src/stores/timer-state';

// The stopwatch's stored state was read with this zod schema; Track's first load now reads it
// without zod (issue 29), and must read every value as the schema did.
const timerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }),
  z.object({
    status: z.literal('running'),
    startedAt: z.number().int().positive(),
    day: z.string(),
    continueLogId: z.string().nullable(),
    runId: z.string().optional(),
    entry: z
      .object({
        projectId: z.string().nullable(),
        taskId: z.string().nullable(),
        memberId: z.string().nullable(),
        tags: z.string(),
        desc: z.string(),
      })
      .optional()
      .catch(undefined),
  }),
]);

const entry = { projectId: 'p1', taskId: null, memberId: 'm1', tags: 'a', desc: 'Write' };
const running = {
  status: 'running',
  startedAt: 1_764_000_000_000,
  day: '2026-11-26',
  continueLogId: null,
  runId: 'r1',
  entry,
};
const palette: unknown[] = [
  undefined,
  null,
  '',
  'x',
  0,
  -1,
  1.5,
  1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  [],
  {},
  { ...entry },
  { ...entry, tags: 1 },
  { ...entry, projectId: undefined },
  { ...entry, extra: 1 },
  'idle',
  'running',
];

function expectSame(value: unknown) {
  const zod = timerSchema.safeParse(value);
  const mine = readTimerState(value);
  expect(mine !== null, JSON.stringify(value)).toBe(zod.success);
  if (zod.success) {
    expect(mine).toEqual(zod.data);
    expect(Object.keys(mine ?? {})).toEqual(Object.keys(zod.data));
  }
}

describe('reading the stored stopwatch without zod', () => {
  it('reads idle and running states as the schema did, dropping unknown fields', () => {
    expectSame({ status: 'idle' });
    expectSame({ status: 'idle', startedAt: 5 });
    expectSame(running);
    expectSame({ ...running, extra: true });
    expect(readTimerState({ ...running, extra: true })).toEqual(running);
  });

  it('agrees with the schema when any field is missing or holds any value', () => {
    for (const key of Object.keys(running)) {
      const { [key]: _dropped, ...without } = running as Record<string, unknown>;
      expectSame(without);
      for (const value of palette) expectSame({ ...running, [key]: value });
    }
    for (const value of palette) expectSame(value);
  });
});
