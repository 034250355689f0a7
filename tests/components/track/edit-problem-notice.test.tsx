// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditProblemNotice } from '../../../src/islands/track/EditProblemNotice';

// Issue 29: the edit dialog's clash says where the other change was made.
const noop = () => {};

describe('the edit dialog’s notice of a clash', () => {
  it('says another device when the change reached this browser through sync', () => {
    render(
      <EditProblemNotice
        problem={{ kind: 'conflict', fields: ['Duration'], origin: 'device' }}
        onReload={noop}
        onOverwrite={noop}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'This log was changed on another device since you opened it (Duration). Reload the current values, or overwrite them with yours.',
    );
  });

  it('says another tab when a tab of this browser made it', () => {
    render(
      <EditProblemNotice
        problem={{ kind: 'conflict', fields: ['Duration', 'Tags'], origin: 'tab' }}
        onReload={noop}
        onOverwrite={noop}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'This log was changed in another tab since you opened it (Duration, Tags).',
    );
  });

  it('says where a removal was made', () => {
    const { rerender } = render(
      <EditProblemNotice
        problem={{ kind: 'missing', origin: 'device' }}
        onReload={noop}
        onOverwrite={noop}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'This log was removed on another device since you opened it, so there is nothing to save.',
    );
    rerender(
      <EditProblemNotice
        problem={{ kind: 'missing', origin: 'tab' }}
        onReload={noop}
        onOverwrite={noop}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('removed in another tab');
  });
});
