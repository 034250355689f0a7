// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StopwatchFields } from '../../../src/islands/track/StopwatchFields';
import { $timeLogs, type TimeLog } from '../../../src/stores/time-logs';
import type { TimerEntry } from '../../../src/stores/timer';

// Issue 29: typing what the stopwatch is for offers recent work from this device's logs, and
// choosing one brings back its project, task and tags.

const weeklyCall = {
  id: 'l1',
  date: '2026-11-24',
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: 'Meetings',
  taskId: 't1',
  tags: 'call',
  desc: '<p>Weekly call</p>',
  dur: 1800,
  st: '',
  end: '',
  exp: 0,
  memberId: null,
  status: 'approved',
  createdAt: '2026-11-24T09:00:00.000Z',
} as unknown as TimeLog;

function Fields() {
  const [entry, setEntry] = useState<TimerEntry>({
    projectId: null,
    taskId: null,
    memberId: null,
    tags: '',
    desc: '',
  });
  return (
    <>
      <StopwatchFields entry={entry} onChange={(next) => setEntry(next)} onCommit={() => {}} />
      <output aria-label="entry">{JSON.stringify(entry)}</output>
    </>
  );
}

afterEach(() => $timeLogs.set([]));

describe('suggestions while typing what the stopwatch is for', () => {
  it('lists matching recent work, and choosing one fills in its project, task and tags', () => {
    $timeLogs.set([weeklyCall]);
    render(<Fields />);
    const field = screen.getByLabelText('What are you working on?');
    const help = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toContain('last 8 weeks');
    const list = document.getElementById(field.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => [o.value, o.label])).toEqual([
      ['Weekly call', 'Acme Ltd / Website · Meetings · call'],
    ]);
    // Typed letter by letter it stays what was typed.
    fireEvent.input(field, { target: { value: 'Week' }, inputType: 'insertText' });
    expect(JSON.parse(screen.getByLabelText('entry').textContent ?? '{}')).toMatchObject({
      desc: 'Week',
      projectId: null,
      tags: '',
    });
    // Chosen from the list (the browser replaces the text), it brings its entry back.
    fireEvent.input(field, {
      target: { value: 'Weekly call' },
      inputType: 'insertReplacementText',
    });
    expect(JSON.parse(screen.getByLabelText('entry').textContent ?? '{}')).toEqual({
      projectId: 'p1',
      taskId: 't1',
      memberId: null,
      tags: 'call',
      desc: 'Weekly call',
    });
  });

  it('offers nothing that does not match', () => {
    $timeLogs.set([weeklyCall]);
    render(<Fields />);
    const field = screen.getByLabelText('What are you working on?');
    fireEvent.input(field, { target: { value: 'invoice' }, inputType: 'insertText' });
    const list = document.getElementById(field.getAttribute('list') ?? '');
    expect(list?.querySelectorAll('option')).toHaveLength(0);
  });
});
