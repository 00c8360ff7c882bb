import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { OrderNotes } from './order-notes';

describe('Notes', () => {
  it('lists each note with who wrote it, and saves a new one', async () => {
    const run = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <OrderNotes
        run={run}
        notes={[{ at: '2026-11-20T10:00:00.000Z', text: 'Gift wrap', actor: 'asha@example.com' }]}
      />,
    );
    expect(screen.getByText('Gift wrap')).toBeVisible();
    expect(screen.getByText(/^asha@example\.com · /)).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Add a note'), 'Called: deliver after 6 pm');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await expect.poll(() => run.mock.calls.length).toBe(1);
    expect(run).toHaveBeenCalledWith({
      kind: 'add_note',
      body: { text: 'Called: deliver after 6 pm' },
    });
    expect(await screen.findByText('Note added')).toBeVisible();
    expect(screen.getByLabelText('Add a note')).toHaveValue('');
  });

  it('asks for words before saving, and shows the server’s reason on the field', async () => {
    const run = vi.fn().mockRejectedValue(
      new ApiError(400, 'Invalid input', {
        fields: { text: 'A note is at most 1000 characters' },
      }),
    );
    renderWithProviders(<OrderNotes run={run} notes={[]} />);
    expect(screen.getByText('No notes yet. Only staff see them.')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Write the note')).toBeVisible();
    expect(run).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Add a note'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('A note is at most 1000 characters')).toBeVisible();
  });
});
