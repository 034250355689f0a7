import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fingerprints } from '../../../../src/lib/import/fingerprint';
import { readHourmarkExport } from '../../../../src/lib/import/hourmark';
import { EDITOR_TAGS, sanitizeDescriptionHtml } from '../../../../src/lib/import/rich-text-html';
import { RICH_TEXT_TAGS } from '../../../../src/ui/rich-text/allowed-tags';

// Hourmark's own export read as an import source (issue 32), without a workspace.

const text = () => readFileSync('tests/fixtures/import/hourmark-export.json', 'utf8');
const read = async (data: unknown) => {
  const answer = await readHourmarkExport(JSON.stringify(data));
  if (!answer.ok) throw new Error(answer.message);
  return answer;
};

describe('description HTML from a file', () => {
  it('keeps exactly the editor’s tags', () => {
    expect([...EDITOR_TAGS]).toEqual([...RICH_TEXT_TAGS]);
  });

  it('keeps the editor’s tags without attributes and drops the rest', () => {
    expect(sanitizeDescriptionHtml('<p class="x" onclick="y()">Hi <b>there</b><br/></p>')).toBe(
      '<p>Hi <b>there</b><br></p>',
    );
    expect(sanitizeDescriptionHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(
      sanitizeDescriptionHtml('<img src=x onerror=alert(1)><a href="javascript:x">link</a>'),
    ).toBe('link');
    expect(sanitizeDescriptionHtml('<p>1 < 2 & 3 > 2</p><!-- note -->')).toBe(
      '<p>1 &lt; 2 & 3 &gt; 2</p>',
    );
    expect(sanitizeDescriptionHtml('<p>\u0000bell\u0007</p>')).toBe('<p>bell</p>');
  });
});

describe('reading an export', () => {
  it('reads the fixture: 2 members, 2 clients, 3 projects, 3 tasks, 6 logs', async () => {
    const answer = await readHourmarkExport(text());
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.problems).toEqual([]);
    expect(answer.structure.members?.map((m) => m.email)).toEqual([
      'ana@agency.test',
      'kai@agency.test',
    ]);
    expect(answer.structure.projects.map((p) => [p.name, p.client, p.tasks])).toEqual([
      ['Website relaunch', 'Acme GmbH', ['Design', 'Build']],
      ['Support', 'Old Client', []],
      ['Internal', '', ['Admin']],
    ]);
    expect(answer.entries.map((e) => e.durationSeconds)).toEqual([
      5400, 3725, 1800, 900, 600, 7261,
    ]);
  });

  it('recognises a log by its id in the export and its content', async () => {
    const log = { date: '2026-11-02', dur: 600, memberId: 'm', desc: '<p>Call</p>' };
    const team = [{ id: 'm', name: 'Ana', email: 'ana@x.test' }];
    const first = await read({
      Team: team,
      taskData: [
        { ...log, id: 'a' },
        { ...log, id: 'b' },
      ],
    });
    const edited = await read({
      Team: team,
      taskData: [{ ...log, id: 'a', desc: '<p>Call!</p>' }],
    });
    const hash = (s: string) => s;
    const [a, b] = fingerprints(first.entries, hash);
    // Two logs alike but for their ids are two rows; an edited log is a new one.
    expect(a).not.toBe(b);
    expect(fingerprints(edited.entries, hash)[0]).not.toBe(a);
    expect(
      fingerprints((await read({ Team: team, taskData: [{ ...log, id: 'a' }] })).entries, hash)[0],
    ).toBe(a);
  });

  it('brings a log of an issued invoice in as invoiced outside Hourmark', async () => {
    const answer = await read({
      Team: [{ id: 'm', name: 'Ana', email: 'ana@x.test' }],
      taskData: [
        { id: '1', date: '2026-11-02', dur: 60, memberId: 'm', invoice: 'INV-2026-0007' },
        { id: '2', date: '2026-11-02', dur: 60, memberId: 'm', invoicedElsewhere: true },
        { id: '3', date: '2026-11-02', dur: 60, memberId: 'm' },
      ],
    });
    expect(answer.entries.map((e) => e.invoicedElsewhere)).toEqual([true, true, false]);
  });

  it('lists logs it cannot keep with their list and number', async () => {
    const answer = await read({
      Team: [{ id: 'm', name: 'Ana', email: 'ana@x.test' }],
      project: [{ id: 'p', projectName: 'Web', hours: 0, billamount: 0 }],
      task: [{ id: 't', project: 'Other', projectId: 'gone', task: 'Design' }],
      taskData: [
        { id: '1', date: '', dur: 60, memberId: 'm' },
        { id: '2', date: '2026-11-02', dur: 0, memberId: 'm' },
        { id: '3', date: '2026-11-02', dur: 60, memberId: null },
        { id: '4', date: '2026-11-02', dur: 60, memberId: 'm', projectId: 'gone' },
        { id: '5', date: '2026-11-02', dur: 90_000, memberId: 'm' },
        { id: '6', date: '2026-11-02', dur: 60, memberId: 'm', projectId: 'p', taskId: 't' },
      ],
    });
    expect(answer.entries).toEqual([]);
    expect(answer.problems.map((p) => `${p.line} ${p.reason}`)).toEqual([
      '1 task number 1 (“Design”) belongs to a project that is not in the file.',
      '1 taskData number 1: It has no date.',
      '2 taskData number 2 (2026-11-02): It lasts no time.',
      '3 taskData number 3 (2026-11-02): It names no team member, and a log is always someone’s.',
      '4 taskData number 4 (2026-11-02): Its project is not in the file (it was deleted).',
      '5 taskData number 5 (2026-11-02): It lasts more than 24 hours, the longest log Hourmark keeps.',
      '6 taskData number 6 (2026-11-02): Its task is not in the file (it was deleted).',
    ]);
  });
});
