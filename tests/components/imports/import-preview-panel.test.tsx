// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportPreviewPanel } from '../../../src/islands/account/imports/ImportPreviewPanel';
import { samplePreview } from './sample-preview';

// Issue 32, point 2: before anything is written, the Admin sees what the Toggl sample would
// create and match, its dates, hours and amounts, the rows it cannot import and the time zone.

const show = (preview = samplePreview, dateFormat = '') => {
  const onTimeZone = vi.fn();
  const onDateFormat = vi.fn();
  render(
    <ImportPreviewPanel
      preview={preview}
      zones={['UTC', 'Europe/Berlin']}
      onTimeZone={onTimeZone}
      dateFormat={dateFormat}
      onDateFormat={onDateFormat}
    />,
  );
  return { onTimeZone, onDateFormat };
};

const figure = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('ImportPreviewPanel', () => {
  it('shows the sample’s logs, dates, hours, records and amounts', () => {
    show();
    expect(figure('Time logs to import')).toBe('6 logs');
    expect(figure('Dates')).toBe('5 Oct 2026 to 7 Oct 2026');
    // 31,530 s and 28,830 s
    expect(figure('Total hours')).toBe('8:45:30');
    expect(figure('Billable hours')).toBe('8:00:30');
    expect(figure('Already imported')).toBe('None');
    expect(figure('Cannot be imported')).toBe('None');
    const records = screen.getByRole('table', { name: 'Records the import creates and uses' });
    const projects = within(records).getByRole('row', { name: /Projects/ });
    expect(
      within(projects)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', 'Internal, Booking App']);
    const members = within(records).getByRole('row', { name: /Team members/ });
    expect(within(members).getAllByRole('cell')[2]?.textContent).toBe('carla@studio.test');
    expect(screen.getByText(/amounts add up to/).textContent).toBe(
      'The file’s amounts add up to $760.83. 3 rows are on projects this workspace already has: at Hourmark’s rates they bill ₹600.83, where the file says $600.83.',
    );
    expect(screen.queryByLabelText('Order of the dates in the file')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Rows that cannot be imported' })).toBeNull();
  });

  it('lists rows that cannot be imported, counts rows imported before, and asks the date order when dates are ambiguous', () => {
    const { onTimeZone, onDateFormat } = show({
      ...samplePreview,
      dateFormats: ['MM/DD/YYYY', 'DD/MM/YYYY'],
      mustChooseDateFormat: true,
      rows: { importable: 4, refused: 2, alreadyImported: 1 },
      problems: [
        { line: 3, reason: 'The duration "abc" does not read as hours, minutes and seconds.' },
        { line: 7, reason: 'No person: User and Email are both empty.' },
      ],
    });
    expect(figure('Already imported')).toBe(
      '1 row was imported before and will not be imported again',
    );
    expect(figure('Cannot be imported')).toBe('2 rows');
    const problems = screen.getByRole('table', { name: 'Rows that cannot be imported' });
    expect(
      within(problems)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '3The duration "abc" does not read as hours, minutes and seconds.',
      '7No person: User and Email are both empty.',
    ]);
    fireEvent.change(screen.getByLabelText('Order of the dates in the file'), {
      target: { value: 'DD/MM/YYYY' },
    });
    expect(onDateFormat).toHaveBeenCalledWith('DD/MM/YYYY');
    fireEvent.change(screen.getByLabelText('Time zone of the file’s clock times'), {
      target: { value: 'Europe/Berlin' },
    });
    expect(onTimeZone).toHaveBeenCalledWith('Europe/Berlin');
  });
});
