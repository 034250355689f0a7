import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../src/ui/form/field-errors';

const schema = z.object({ name: z.string().min(1, 'Enter a name'), email: z.string().email() });

describe('checkForm', () => {
  it('returns the parsed data when the schema and every rule hold', () => {
    expect(checkForm(schema, { name: 'Acme', email: 'a@b.co' }, { name: false })).toEqual({
      ok: true,
      data: { name: 'Acme', email: 'a@b.co' },
    });
  });

  it('fails on a rule zod cannot see, with its message beside that field', () => {
    const check = checkForm(schema, { name: 'Acme', email: 'a@b.co' }, { name: 'Name taken' });
    expect(check).toEqual({ ok: false, errors: { name: 'Name taken' } });
  });

  it('keeps the schema’s message when a field fails both', () => {
    const check = checkForm(schema, { name: '', email: 'nope' }, { name: 'Name taken' });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors).toMatchObject({ name: 'Enter a name' });
    if (!check.ok) expect(Object.keys(check.errors)).toEqual(['name', 'email']);
  });
});
