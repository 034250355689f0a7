import { describe, expect, it } from 'vitest';
import { readOnce, readsShared } from '../../src/server/sync/shared-reads';

// Identical pulls in the same moment are served by one read (issue 34); nothing is kept after.

describe('reads served once', () => {
  it('answers a second identical read from the one under way, and reads again once it ended', async () => {
    let reads = 0;
    let finish = (_rows: string[]) => {};
    const work = () => {
      reads += 1;
      return new Promise<string[]>((resolve) => (finish = resolve));
    };
    const before = readsShared();
    const first = readOnce('alice|ws|12', work);
    const second = readOnce('alice|ws|12', work);
    finish(['row a']);
    expect(await first).toEqual(['row a']);
    expect(await second).toEqual(['row a']);
    expect(reads).toBe(1);
    expect(readsShared() - before).toBe(1);

    const later = readOnce('alice|ws|12', () => Promise.resolve(['row a', 'row b']));
    expect(await later).toEqual(['row a', 'row b']);
  });

  it('does not share between different keys', async () => {
    const mine = readOnce('alice|ws|12', () => Promise.resolve('alice'));
    const theirs = readOnce('bob|ws|12', () => Promise.resolve('bob'));
    expect([await mine, await theirs]).toEqual(['alice', 'bob']);
  });

  it('lets a failed read fail every request that waited on it, and the next one reads afresh', async () => {
    let fail = (_error: Error) => {};
    const failing = () => new Promise<string>((_resolve, reject) => (fail = reject));
    const first = readOnce('carol|ws|3', failing);
    const second = readOnce('carol|ws|3', failing);
    fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    expect(await readOnce('carol|ws|3', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});
