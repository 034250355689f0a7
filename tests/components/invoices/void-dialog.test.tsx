// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VoidDialog } from '../../../src/islands/invoices/VoidDialog';

// Issue 27, point 7: voiding an invoice with ₹10,000.00 paid on it asks what becomes of the money
// first, and voids nothing until the person says.

describe('VoidDialog', () => {
  const open = (paid: string) => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <VoidDialog
        open
        number="2026-0007"
        clientName="Acme"
        paid={paid}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    return {
      onConfirm,
      onClose,
      dialog: screen.getByRole('alertdialog', { name: 'Void invoice 2026-0007?' }),
    };
  };

  it('warns of the money paid and asks whether it is refunded or kept as a credit', () => {
    const { onConfirm, onClose, dialog } = open('₹10,000.00');
    expect(dialog.textContent).toContain('₹10,000.00 has been paid on it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Choose what happens to the money paid.',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByLabelText('Kept as a credit for Acme’s next invoice'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(onConfirm).toHaveBeenCalledWith('credit');
    expect(onClose).toHaveBeenCalled();
  });

  it('voids at once when nothing was paid', () => {
    const { onConfirm, dialog } = open('');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(onConfirm).toHaveBeenCalledWith(undefined);
  });
});
