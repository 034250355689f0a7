import { describe, expect, it } from 'vitest';
import { serverFieldNames } from '../../../../src/lib/sync/field-names';
import { fieldsOf, recordKinds } from '../../../../src/lib/sync/mutations';

describe('serverFieldNames', () => {
  it('names exactly the fields the write schemas accept, for every kind', () => {
    for (const kind of recordKinds)
      expect([...serverFieldNames[kind]].sort()).toEqual(Object.keys(fieldsOf[kind].shape).sort());
  });
});
