import { describe, expect, it } from 'vitest';
import { clientFormSchema } from '../../../src/lib/entities/client';
import { savedReportSpecSchema } from '../../../src/lib/saved-report';
import { checkSupportMessage } from '../../../src/lib/support-message';
import { clientFields, timerFields } from '../../../src/lib/sync/fields';
import { mutationSpecs } from '../../../src/lib/sync/mutations';
import { checkDraft, emptyDraft } from '../../../src/lib/time-log-form';

// Issue 24, point 6: a control character in a client's address made its e-invoice unreadable
// XML. Every text a person writes refuses the C0 controls other than tab, LF and CR, and the
// noncharacters U+FFFE and U+FFFF, and says so in words.

const MESSAGE =
  'Contains invisible control characters, often from pasted text: type it again without them';
const refused = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)),
  0xfffe,
  0xffff,
].map((code) => String.fromCharCode(code));

const client = {
  name: 'Acme',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxName: 'GST',
  taxPercentage: 18,
  taxNumber: '',
  status: 'Active',
};
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: unknown[]; message: string }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('text with control characters', () => {
  it('refuses each of the 31 characters in a client’s address, naming the field', () => {
    expect(refused).toHaveLength(31);
    for (const char of refused)
      expect(
        issuesOf(clientFields.safeParse({ ...client, address: `2 Market${char} Street` })),
        `U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ).toEqual([['address', MESSAGE]]);
  });

  it('keeps tab, line feed and carriage return', () => {
    expect(
      clientFields.safeParse({ ...client, address: '2 Market Street\r\n\tBerlin' }).success,
    ).toBe(true);
  });

  it('refuses them in a pushed change, a running stopwatch and a saved report', () => {
    const update = mutationSpecs.updateClient.args.safeParse({
      id: 'c1',
      changes: { name: 'Acme\u0001' },
    });
    expect(issuesOf(update)).toEqual([['changes.name', MESSAGE]]);
    const timer = timerFields.safeParse({
      status: 'running',
      startedAt: 1,
      day: '2026-11-24',
      continueLogId: null,
      entry: { projectId: null, taskId: null, memberId: null, tags: '', desc: 'a\u001Fb' },
    });
    expect(issuesOf(timer)).toEqual([['entry.desc', MESSAGE]]);
    expect(
      issuesOf(savedReportSpecSchema.safeParse({ range: 'this-week', tags: ['x\uFFFF'] })),
    ).toEqual([['tags.0', MESSAGE]]);
  });

  it('shows the refusal beside the field in the client form, the time-log form and the support form', () => {
    const form = {
      name: 'Acme',
      contactPerson: '',
      email: 'a@acme.example',
      phone: '',
      address: 'Line 1\u000BLine 2',
      country: '',
      taxName: '',
      taxPercentage: '',
      taxNumber: '',
    };
    expect(issuesOf(clientFormSchema.safeParse(form))).toEqual([['address', MESSAGE]]);
    const draft = {
      ...emptyDraft('2026-11-24'),
      projectId: 'p1',
      taskId: 't1',
      desc: '<p>Review</p>',
      tags: 'design\u0008',
      duration: '1h',
    };
    expect(checkDraft(draft)).toMatchObject({ ok: false, fields: { tags: MESSAGE } });
    expect(
      checkSupportMessage({
        topic: 'Other',
        message: 'Hello\u0007',
        name: '',
        email: 'a@b.example',
      }),
    ).toEqual({ message: MESSAGE });
  });
});
