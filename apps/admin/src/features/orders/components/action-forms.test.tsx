import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ShipForm } from './action-forms';

async function ship(carrier: string, tracking: string) {
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Carrier'), carrier);
  await user.type(screen.getByLabelText('Tracking number'), tracking);
  await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
}

describe('Mark shipped', () => {
  it("refuses an India Post number with a wrong check digit, with the contract's message", async () => {
    const run = vi.fn();
    renderWithProviders(<ShipForm run={run} />);
    await ship('India Post', 'EE123456784IN');
    expect(
      await screen.findByText(
        'This India Post number has a wrong check digit: check it against the receipt',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses a number in another carrier's format", async () => {
    const run = vi.fn();
    renderWithProviders(<ShipForm run={run} />);
    await ship('India Post', '12345678');
    expect(await screen.findByText('India Post numbers look like EE123456785IN')).toBeVisible();
    expect(run).not.toHaveBeenCalled();
  });

  it('sends a good number normalised', async () => {
    const run = vi.fn().mockResolvedValue({});
    renderWithProviders(<ShipForm run={run} />);
    await ship('India Post', 'ee 123456785 in');
    await expect.poll(() => run.mock.calls.length).toBe(1);
    expect(run).toHaveBeenCalledWith({
      kind: 'ship',
      body: { carrier: 'India Post', trackingNumber: 'EE123456785IN' },
    });
  });

  it("puts the server's field message on the field", async () => {
    const run = vi.fn().mockRejectedValue(
      new ApiError(400, 'Invalid input', {
        fields: { trackingNumber: 'Already used on another order' },
      }),
    );
    renderWithProviders(<ShipForm run={run} />);
    await ship('Blue Dart', '12345678');
    expect(await screen.findByText('Already used on another order')).toBeInTheDocument();
    expect(screen.queryByText('Invalid input')).toBeNull();
  });
});
