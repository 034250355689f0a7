import { describe, expect, it, vi } from 'vitest';
import { shortHash } from '../../../src/lib/hash';
import { createOutbox } from '../../../src/stores/sync/outbox';
import { memoryStorage } from './sync-fakes';

// The outbox keeps queued mutations under the documented key `hm.sync.<user>.<workspace>`, in the
// format earlier bundles wrote, so an outbox queued before an update still goes out after it.

const who = { userId: 'u1', workspaceId: 'w1' };
const KEY = 'hm.sync.u1.w1';
const created = (id: string) => ({
  name: 'createClient' as const,
  record: `client:${id}`,
  args: { id, fields: { name: id } },
});

describe('sync outbox', () => {
  it('keeps appended mutations under the documented key, and a reload reads them back', () => {
    const storage = memoryStorage();
    const outbox = createOutbox({ storage, onCorrupt: vi.fn() });
    outbox.append(who, [created('a'), created('b')], () => null);
    const stored = JSON.parse(storage.map.get(KEY) ?? 'null') as Record<string, unknown>;
    expect(stored).toMatchObject({
      clientId: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
      cookie: null,
      nextMutationId: 3,
      outbox: [
        { id: 1, ...created('a') },
        { id: 2, ...created('b') },
      ],
      bases: { 'client:a': null, 'client:b': null },
      refusals: [],
    });
    // A page loaded again: a new outbox on the same storage.
    const again = createOutbox({ storage, onCorrupt: vi.fn() }).read(who);
    expect(again.outbox.map((m) => m.id)).toEqual([1, 2]);
    expect(again.clientId).toBe(stored['clientId']);
    outbox.append(who, [created('c')], () => null);
    expect(outbox.read(who).outbox.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('loads an outbox exactly as the engine before the split wrote it', () => {
    const storage = memoryStorage();
    const written = {
      clientId: '0123456789abcdef0123456789abcdef',
      cookie: '41',
      nextMutationId: 8,
      outbox: [
        { ...created('a'), id: 6, answered: true },
        { ...created('b'), id: 7, quiet: true },
      ],
      bases: { 'client:a': null },
      refusals: [
        {
          mutation: { ...created('z'), id: 2 },
          reason: 'forbidden',
          message: 'You may not do that.',
          at: '2026-11-20T10:00:00.000Z',
        },
      ],
    };
    storage.write(KEY, JSON.stringify(written));
    const onCorrupt = vi.fn();
    expect(createOutbox({ storage, onCorrupt }).read(who)).toEqual(written);
    expect(onCorrupt).not.toHaveBeenCalled();
  });

  it('answers, refuses and renews on the stored state', () => {
    const storage = memoryStorage();
    const outbox = createOutbox({ storage, onCorrupt: vi.fn() });
    const { clientId, outbox: queued } = outbox.append(
      who,
      [created('a'), created('b')],
      () => null,
    );
    outbox.markAnswered(who, clientId, queued.slice(0, 1));
    outbox.recordRefusals(
      who,
      queued,
      [
        { id: 1, outcome: 'ok' },
        { id: 2, outcome: 'refused', reason: 'forbidden', message: 'No.' },
      ],
      new Date('2026-11-25T09:00:00Z'),
    );
    const state = outbox.read(who);
    expect(state.outbox.map((m) => m.answered ?? false)).toEqual([true, false]);
    expect(state.refusals).toEqual([
      { mutation: queued[1], reason: 'forbidden', message: 'No.', at: '2026-11-25T09:00:00.000Z' },
    ]);
    const renewed = outbox.renew(who);
    expect(renewed.clientId).not.toBe(clientId);
    expect(renewed.outbox.map((m) => [m.id, m.answered])).toEqual([
      [1, undefined],
      [2, undefined],
    ]);
    expect(outbox.dismissRefusals(who).refusals).toEqual([]);
  });

  it.each([
    ['not JSON', '{"clientId": "abc", "outbox": ['],
    ['the wrong shape', JSON.stringify({ clientId: 7, outbox: 'none' })],
  ])('keeps a stored value that is %s aside, reports it once and starts again', (_what, raw) => {
    const storage = memoryStorage();
    storage.write(KEY, raw);
    const onCorrupt = vi.fn();
    const outbox = createOutbox({ storage, onCorrupt });
    const state = outbox.read(who);
    expect(state.outbox).toEqual([]);
    const stashKey = `${KEY}.corrupt.${shortHash(raw)}`;
    expect(storage.map.get(stashKey)).toBe(raw);
    expect(onCorrupt).toHaveBeenCalledWith(KEY, raw);
    // Read again (every push and pull reads it): still one report, one copy.
    outbox.read(who);
    outbox.append(who, [created('a')], () => null);
    expect(onCorrupt).toHaveBeenCalledTimes(1);
    expect([...storage.map.keys()].sort()).toEqual([KEY, stashKey]);
    // The copy outlives the fresh state written over the key.
    expect(storage.map.get(stashKey)).toBe(raw);
    expect(outbox.read(who).outbox).toHaveLength(1);
  });
});
