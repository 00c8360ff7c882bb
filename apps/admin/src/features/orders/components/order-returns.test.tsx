import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderDetailFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderDetail } from './order-detail';

const requested = {
  id: 'RET0000001',
  status: 'requested' as const,
  createdAt: '2026-11-25T04:30:00.000Z',
  reason: 'The spine is cracked',
  lines: [{ orderItemId: 'item-1', productTitle: 'Leather Diary', quantity: 2 }],
  photos: [],
  instructions: null,
  rejectionReason: null,
  refunded: null,
  history: [{ status: 'requested' as const, at: '2026-11-25T04:30:00.000Z' }],
};

describe('an order’s page with returns', () => {
  it('lists each return with its state and items, and opens it in Returns', async () => {
    renderWithProviders(
      <OrderDetail
        order={orderDetailFixture({
          returns: [
            requested,
            {
              ...requested,
              id: 'RET0000002',
              status: 'refunded',
              lines: [{ orderItemId: 'item-2', productTitle: 'Gel Pen', quantity: 1 }],
              refunded: 300,
            },
          ],
        })}
      />,
    );
    const section = within(screen.getByRole('region', { name: 'Returns' }));
    const returnOf = (id: string) =>
      section.getByRole('link', { name: `Return ${id}` }).closest('li');
    const [first, second] = [returnOf('RET0000001'), returnOf('RET0000002')];
    expect(first).toHaveTextContent('Return requested');
    expect(first).toHaveTextContent('Requested 25 Nov 2026, 10:00 am · 2 items');
    expect(first).toHaveTextContent('Leather Diary × 2');
    expect(second).toHaveTextContent('Refunded');
    expect(second).toHaveTextContent('Gel Pen × 1');
    await userEvent.click(section.getByRole('link', { name: 'Return RET0000001' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/returns/RET0000001');
  });

  it('has no Returns section for an order without returns', () => {
    renderWithProviders(<OrderDetail order={orderDetailFixture()} />);
    expect(screen.queryByRole('region', { name: 'Returns' })).not.toBeInTheDocument();
  });
});
