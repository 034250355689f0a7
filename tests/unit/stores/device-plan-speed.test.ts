// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeLog } from '../../../src/lib/entities/time-log';
import { $syncStatus, disposeSync, startSync } from '../../../src/stores/app-sync';
import { readCache, writeCache } from '../../../src/stores/sync/cache';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { readSyncState } from '../../../src/stores/sync/state';
import { $timeLogs, patchTimeLogs, updateTimeLog } from '../../../src/stores/time-logs';
import { fakeFetch, resetServer, server, user } from './sync-server-stand-in';

// Issue 48: the device plans each command with the catalog. Track must stay fast: a bulk edit of
// 200 logs with 5,000 in the cache, from the click until the 200 planned entries are in the
// outbox. The figures are printed (docs/architecture.md keeps them); the bound is loose, for a
// shared 2-core machine, and catches a plan that went quadratic.

const owner = { userId: user.id, workspaceId: 'w1' };
const outbox = () => readSyncState(owner).outbox;
/** Waits until `count` changes wait to be pushed, all planned (the status counts them). */
const planned = (count: number) =>
  vi.waitFor(() => expect($syncStatus.get().pending).toBe(count), {
    timeout: 20_000,
    interval: 1,
  });

function logs(count: number): TimeLog[] {
  return Array.from({ length: count }, (_, i) => {
    const day = String(1 + (i % 28)).padStart(2, '0');
    return {
      id: `l-${i}`,
      date: `2026-11-${day}`,
      client: '',
      projectId: null,
      task: '',
      taskId: null,
      memberId: null,
      tags: 'bench',
      desc: `<p>Log ${i}</p>`,
      dur: 1800,
      st: '09:00',
      end: '09:30',
      exp: 0,
      status: 'approved',
      createdAt: '2026-11-01T09:00:00.000Z',
      updatedAt: '2026-11-01T09:00:00.000Z',
    };
  });
}

beforeEach(async () => {
  localStorage.clear();
  resetServer();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  keepMount($timeLogs);
  $cacheOwner.set(null);
  await startSync(user);
  await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
  server.holdPushes = new Promise(() => {});
  writeCache({ ...readCache(), logs: logs(5000) });
});

afterEach(() => {
  disposeSync();
  vi.unstubAllGlobals();
  resetServer();
});

describe('a bulk edit of 200 logs', () => {
  it('is planned and in the outbox within a moment', async () => {
    // The first command loads the planner's code; that is timed apart.
    let at = performance.now();
    updateTimeLog('l-4999', { tags: 'warm' });
    await planned(1);
    const firstMs = performance.now() - at;
    const paint: number[] = [];
    const total: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const had = 1 + round * 200;
      const patches = new Map(
        Array.from({ length: 200 }, (_, i) => [`l-${round * 200 + i}`, { tags: `bulk ${round}` }]),
      );
      at = performance.now();
      patchTimeLogs(patches);
      paint.push(performance.now() - at);
      await planned(had + 200);
      total.push(performance.now() - at);
      expect(outbox()).toHaveLength(had + 200);
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[2] ?? 0;
    console.log(
      `bulk edit of 200 of 5,000 logs: store action ${median(paint).toFixed(1)} ms, ` +
        `until planned in the outbox ${median(total).toFixed(1)} ms (median of 5); ` +
        `first command, loading the planner ${firstMs.toFixed(1)} ms`,
    );
    expect(median(total)).toBeLessThan(3000);
    expect($timeLogs.get().filter((l) => l.tags === 'bulk 4')).toHaveLength(200);
  }, 60_000);
});
