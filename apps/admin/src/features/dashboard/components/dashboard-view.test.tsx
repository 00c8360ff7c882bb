import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@store/contracts/admin/people';
import { renderWithProviders } from '@/test/render';
import { DashboardView } from './dashboard-view';

const period = (revenuePaise: number, paidOrders: number) => ({
  revenuePaise,
  paidOrders,
  averageOrderPaise: paidOrders ? Math.round(revenuePaise / paidOrders) : 0,
});

const data: Dashboard = {
  today: period(123_450, 2),
  last7Days: period(1_000_000, 9),
  last30Days: period(4_567_800, 31),
  dailyRevenue: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    revenuePaise: i * 1000,
  })),
  toShip: [
    {
      id: 'AB12CD34EF',
      createdAt: '2026-11-20T10:00:00Z',
      customerName: 'Asha Verma',
      totalPaise: 45_000,
    },
  ],
  refundsDue: [],
  lowStock: [
    { productId: 'p1', title: 'Fountain Pen', size: '', color: 'Burgundy', onHand: 0 },
    { productId: 'p2', title: 'Calligraphy Set', size: '', color: '', onHand: 3 },
  ],
};

describe('DashboardView', () => {
  it('shows the periods, links the work lists, and says Sold out rather than 0 left', () => {
    renderWithProviders(<DashboardView data={data} />);
    expect(screen.getByText('₹1,234.50')).toBeInTheDocument();
    const toShip = screen.getByRole('link', { name: /AB12CD34EF|Asha Verma/ });
    expect(toShip).toHaveAttribute('href', expect.stringContaining('/orders/AB12CD34EF'));
    const pen = screen.getByRole('link', { name: /Fountain Pen/ }).closest('li')!;
    expect(within(pen).getByText('Sold out')).toBeInTheDocument();
    expect(screen.queryByText('0 left')).not.toBeInTheDocument();
    expect(screen.getByText('3 left')).toBeInTheDocument();
  });
});
