// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { GroupedCombobox, type ComboOption } from '../../../src/ui/combobox/GroupedCombobox';

const options: ComboOption[] = [
  { value: 'p1', label: 'Social media', group: 'Acme' },
  { value: 'p2', label: 'Website', group: 'Acme' },
  { value: 'p3', label: 'Web shop', group: 'Bolt' },
];

function Picker({ onSubmit }: { onSubmit: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <GroupedCombobox
        label="CLIENT & PROJECT"
        options={options}
        value={value}
        onChange={setValue}
      />
      <output aria-label="chosen">{value}</output>
    </form>
  );
}

describe('GroupedCombobox', () => {
  it('picks the only match on Enter, without submitting the form (issue 29)', () => {
    const submit = vi.fn();
    render(<Picker onSubmit={submit} />);
    const box = screen.getByRole('combobox', { name: 'CLIENT & PROJECT' });
    fireEvent.change(box, { target: { value: 'Social' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByLabelText('chosen').textContent).toBe('p1');
    expect(box).toHaveProperty('value', 'Social media');
    expect(submit).not.toHaveBeenCalled();
  });

  it('leaves Enter alone while several choices match', () => {
    render(<Picker onSubmit={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'CLIENT & PROJECT' });
    fireEvent.change(box, { target: { value: 'web' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByLabelText('chosen').textContent).toBe('');
  });
});
