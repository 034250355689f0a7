// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ImportPeopleStep,
  suggestedMapping,
} from '../../../src/islands/account/imports/ImportPeopleStep';
import type { PersonMapping } from '../../../src/stores/imports';
import { samplePreview } from './sample-preview';

// Issue 32, point 3: each person of the file becomes an existing member, a new team member
// (not invited), or the importing Admin, starting from the preview's suggestion.

const members = [
  { id: 'm-ana', name: 'Ana N.' },
  { id: 'm-bo', name: 'Bo Lindqvist' },
  { id: 'm-cy', name: 'Cy Park' },
];

function Harness({ onChange }: { onChange: (all: PersonMapping[]) => void }) {
  const [mappings, setMappings] = useState(samplePreview.people.map(suggestedMapping));
  return (
    <ImportPeopleStep
      people={samplePreview.people}
      members={members}
      mappings={mappings}
      onChange={(index, mapping) => {
        const all = mappings.map((m, i) => (i === index ? mapping : m));
        setMappings(all);
        onChange(all);
      }}
    />
  );
}

const selected = (label: string) => {
  const select = screen.getByLabelText<HTMLSelectElement>(label);
  return select.selectedOptions[0]?.textContent;
};

describe('ImportPeopleStep', () => {
  it('starts from the preview’s suggestions and maps a person to another member, to me or to a new member', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(selected('Ana Novak (ana@studio.test)')).toBe('Ana N.');
    expect(selected('Bo Lindqvist (bo@studio.test)')).toBe('Me');
    expect(selected('carla@studio.test')).toBe('A new team member: carla@studio.test');
    expect(screen.getByText('3 rows, 3:45:30')).toBeTruthy();

    const carla = screen.getByLabelText<HTMLSelectElement>('carla@studio.test');
    expect([...carla.options].map((o) => o.textContent)).toEqual([
      'Me',
      'A new team member: carla@studio.test',
      'Ana N.',
      'Bo Lindqvist',
      'Cy Park',
    ]);
    fireEvent.change(carla, { target: { value: 'member:m-cy' } });
    expect(selected('carla@studio.test')).toBe('Cy Park');
    fireEvent.change(screen.getByLabelText('Ana Novak (ana@studio.test)'), {
      target: { value: 'new' },
    });
    expect(onChange).toHaveBeenLastCalledWith([
      { email: 'ana@studio.test', name: 'Ana Novak', as: 'new', memberId: null },
      { email: 'bo@studio.test', name: 'Bo Lindqvist', as: 'me', memberId: 'm-bo' },
      { email: 'carla@studio.test', name: '', as: 'member', memberId: 'm-cy' },
    ]);
  });
});
