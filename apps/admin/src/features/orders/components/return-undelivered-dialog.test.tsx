import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ReturnUndeliveredDialog } from './return-undelivered-dialog';

const confirmButton = () =>
  [...screen.getByRole('dialog').querySelectorAll('button')].find(
    (b) => b.textContent === 'Returned undelivered',
  )!;

describe('Returned undelivered', () => {
  it('asks first, saying what happens, then runs the action', async () => {
    const run = vi.fn().mockResolvedValue({});
    const user = userEvent.setup();
    renderWithProviders(<ReturnUndeliveredDialog run={run} totalPaise={123450} />);
    await user.click(screen.getByRole('button', { name: 'Returned undelivered' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this parcel returned undelivered?' });
    expect(dialog).toHaveTextContent('items go back into stock');
    expect(dialog).toHaveTextContent('₹1,234.50 is no longer to collect');
    expect(dialog).toHaveTextContent('credit note');
    expect(run).not.toHaveBeenCalled();
    await user.click(confirmButton());
    expect(run).toHaveBeenCalledWith({ kind: 'return_undelivered' });
  });

  it("shows the server's refusal in the dialog", async () => {
    const run = vi
      .fn()
      .mockRejectedValue(
        new ApiError(409, 'The cash for this order is already recorded: it cannot be returned'),
      );
    const user = userEvent.setup();
    renderWithProviders(<ReturnUndeliveredDialog run={run} totalPaise={5000} />);
    await user.click(screen.getByRole('button', { name: 'Returned undelivered' }));
    await user.click(confirmButton());
    expect(
      await screen.findByText('The cash for this order is already recorded: it cannot be returned'),
    ).toBeVisible();
  });
});
