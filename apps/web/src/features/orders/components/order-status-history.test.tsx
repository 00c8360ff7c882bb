import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toOrderView } from '../lib/order-view';
import { orderFixture } from '../test/order-fixture';
import { TrackedOrder } from './tracked-order';

const delivered = orderFixture({
  status: 3,
  history: [
    { stage: 'placed', at: '2026-11-20T18:45:00.000Z' },
    { stage: 'paid', at: '2026-11-20T18:47:00.000Z' },
    { stage: 'shipped', at: '2026-11-21T06:00:00.000Z' },
    { stage: 'delivered', at: '2026-11-23T09:15:00.000Z' },
  ],
});

describe('Status history', () => {
  it('opens on a tap and lists each stage with its date in India’s time', async () => {
    render(<TrackedOrder order={toOrderView(delivered)} />);
    const summary = screen.getByText('Status history');
    const list = summary.closest('details')!;
    expect(list).not.toHaveAttribute('open');
    await userEvent.setup().click(summary);
    expect(list).toHaveAttribute('open');
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // 18:45 UTC is 00:15 the next day in India
    expect(rows).toEqual([
      'Placed21 Nov 2026, 12:15 am',
      'Paid21 Nov 2026, 12:17 am',
      'Shipped21 Nov 2026, 11:30 am',
      'Delivered23 Nov 2026, 2:45 pm',
    ]);
  });

  it('is left out when the server sent no history', () => {
    render(<TrackedOrder order={toOrderView(orderFixture())} />);
    expect(screen.queryByText('Status history')).not.toBeInTheDocument();
  });
});
