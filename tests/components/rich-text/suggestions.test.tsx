// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { recentEntries, type RecentEntry } from '../../../src/lib/recent-entries';
import { RichTextEditor } from '../../../src/ui/rich-text/RichTextEditor';

// Issue 29: typing a log's description offers earlier descriptions with their project, task and
// tags; ArrowDown / ArrowUp move, Enter chooses, Escape closes the list (and only the list).

// jsdom lays nothing out; Quill scrolls a new selection into view with these.
Range.prototype.getBoundingClientRect = () => new DOMRect();
Range.prototype.getClientRects = () => [] as unknown as DOMRectList;

const log = (id: string, desc: string, extra: Partial<Record<string, string>> = {}) => ({
  id,
  date: '2026-11-24',
  createdAt: `2026-11-24T09:00:0${id}.000Z`,
  desc,
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: 'Meetings',
  taskId: 't1',
  tags: 'call',
  ...extra,
});
const logs = [
  log('1', '<p>Weekly call</p>'),
  log('2', '<p>Weekly report</p>', {
    client: 'Bolt / Ops',
    projectId: 'p2',
    task: '',
    taskId: '',
    tags: '',
  }),
  log('3', '<p>Design review</p>'),
];

function Editor({ onChoose }: { onChoose: (entry: RecentEntry) => void }) {
  const [html, setHtml] = useState('');
  return (
    <>
      <RichTextEditor
        label="DESCRIPTION"
        value={html}
        onChange={setHtml}
        suggest={(text) => recentEntries(logs, text)}
        onSuggestion={onChoose}
        suggestionsLabel="Earlier descriptions"
      />
      <output aria-label="html">{html}</output>
    </>
  );
}

/** Types into Quill's editable root as a person would (Quill hears the change as the user's). */
async function typeInto(text: string) {
  // Quill loads on demand, which takes a while in jsdom on a busy machine.
  const box = await screen.findByRole('textbox', { name: 'DESCRIPTION' }, { timeout: 10_000 });
  box.focus();
  box.innerHTML = `<p>${text}</p>`;
  return box;
}

describe('description suggestions in the rich-text editor', () => {
  it('offers matching earlier descriptions once the person types, with what tells them apart', async () => {
    render(<Editor onChoose={() => {}} />);
    expect(screen.queryByRole('listbox')).toBeNull();
    const box = await typeInto('week');
    const list = await screen.findByRole('listbox', { name: 'Earlier descriptions' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Weekly reportBolt / Ops',
      'Weekly callAcme Ltd / Website · Meetings · call',
    ]);
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
  });

  it('moves with the arrows, chooses with Enter, and fills in the description', async () => {
    const onChoose = vi.fn();
    render(<Editor onChoose={onChoose} />);
    const box = await typeInto('week');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith(
      expect.objectContaining({
        description: 'Weekly call',
        projectId: 'p1',
        taskId: 't1',
        tags: 'call',
      }),
    );
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() =>
      expect(screen.getByLabelText('html').textContent).toBe('<p>Weekly call</p>'),
    );
  });

  it('closes the list on Escape without letting the key reach the dialog around it', async () => {
    const dialogHeard = vi.fn();
    document.addEventListener('keydown', dialogHeard);
    render(<Editor onChoose={() => {}} />);
    const box = await typeInto('design');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(dialogHeard).not.toHaveBeenCalled();
    // With the list closed, Escape is the dialog's again.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(dialogHeard).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', dialogHeard);
  });

  it('leaves Enter to the editor (a new line) while no option is active', async () => {
    const onChoose = vi.fn();
    render(<Editor onChoose={onChoose} />);
    const box = await typeInto('week');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChoose).not.toHaveBeenCalled();
    // Quill's own Enter: a new line.
    expect(box.querySelectorAll('p')).toHaveLength(2);
  });
});
