import { describe, expect, it } from 'vitest';
import { shortHash } from '../../../src/lib/hash';

describe('shortHash', () => {
  it('is stable, short and differs for different texts', () => {
    expect(shortHash('[{"broken')).toBe(shortHash('[{"broken'));
    expect(shortHash('[{"broken')).not.toBe(shortHash('[{"broken"'));
    expect(shortHash('x'.repeat(900_000))).toMatch(/^[0-9a-z]{1,11}$/);
  });
});
