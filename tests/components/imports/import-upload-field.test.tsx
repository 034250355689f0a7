// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ImportUploadField,
  formatFileSize,
} from '../../../src/islands/account/imports/ImportUploadField';

// Issue 32, point 1: the file is chosen through a labelled file input, or dropped on its box;
// its name and size are shown; a file over 50 MB never reaches onFile.

describe('ImportUploadField', () => {
  it('takes a file dropped on the box, and refuses one over 50 MB beside the field', () => {
    const onFile = vi.fn();
    const { rerender } = render(
      <ImportUploadField file={null} error="" busy={false} onFile={onFile} />,
    );
    const input = screen.getByLabelText('File exported from Toggl Track');
    expect(input.getAttribute('type')).toBe('file');
    const zone = input.parentElement as HTMLElement;
    const dropped = new File(['a'.repeat(2048)], 'toggl-2026.csv', { type: 'text/csv' });
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    expect(onFile).toHaveBeenCalledWith(dropped);
    rerender(<ImportUploadField file={dropped} error="" busy={false} onFile={onFile} />);
    expect(screen.getByText(/^Chosen:/).textContent).toBe('Chosen: toggl-2026.csv (2 KB)');

    const big = new File(['x'], 'all-years.csv', { type: 'text/csv' });
    // 50 MB and one byte
    Object.defineProperty(big, 'size', { value: 52_428_801 });
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'all-years.csv is 50.0 MB (52,428,801 bytes), more than the 50 MB a file can have. Export a shorter period and import each file in turn.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('writes sizes as people read them', () => {
    expect([formatFileSize(312), formatFileSize(860_160), formatFileSize(1_258_291)]).toEqual([
      '312 bytes',
      '840 KB',
      '1.2 MB',
    ]);
  });
});
