import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { CodCollectionDialog } from './cod-collection-dialog';

describe('Record cash collected', () => {
  it('asks first, then records the collection with the courier reference', async () => {
    const run = vi.fn().mockResolvedValue({});
    const user = userEvent.setup();
    renderWithProviders(<CodCollectionDialog run={run} totalPaise={123450} status={2} />);
    await user.click(screen.getByRole('button', { name: 'Record cash collected' }));
    expect(screen.getByRole('dialog', { name: 'Record ₹1,234.50 collected?' })).toHaveTextContent(
      'The order is marked delivered.',
    );
    expect(run).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/remittance/), ' DLV-77 ');
    const dialog = screen.getByRole('dialog');
    // recording money received is not a destructive action: not drawn in Cancel order's red
    const confirmButton = [...dialog.querySelectorAll('button')].find(
      (b) => b.textContent === 'Record cash collected',
    )!;
    expect(confirmButton.className).not.toMatch(/bg-destructive/);
    expect(confirmButton.className).toMatch(/bg-primary/);
    await user.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent === 'Record cash collected',
      )!,
    );
    expect(run).toHaveBeenCalledWith({
      kind: 'record_cod_collection',
      body: { reference: 'DLV-77' },
    });
  });

  it("shows the server's refusal in the dialog", async () => {
    const run = vi
      .fn()
      .mockRejectedValue(new ApiError(409, 'The cash for this order is already recorded'));
    const user = userEvent.setup();
    renderWithProviders(<CodCollectionDialog run={run} totalPaise={5000} status={3} />);
    await user.click(screen.getByRole('button', { name: 'Record cash collected' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).not.toHaveTextContent('marked delivered');
    await user.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent === 'Record cash collected',
      )!,
    );
    expect(await screen.findByText('The cash for this order is already recorded')).toBeVisible();
  });
});
