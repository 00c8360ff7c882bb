import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderDetailFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderDetail } from './order-detail';

const discounted = orderDetailFixture({
  id: 'D1SC0UNT3D',
  itemCount: 3,
  totalPaise: 150_000,
  subtotalPaise: 166_667,
  discountPaise: 16_667,
  deliveryPaise: 0,
  couponCode: 'SAVE10',
  offers: [{ code: 'SAVE10', description: '10% off', goodsPaise: 16_667, deliveryPaise: 0 }],
  status: 1,
  items: [
    {
      productId: null,
      title: 'Gel Pen',
      size: null,
      color: null,
      quantity: 1,
      unitPricePaise: 33_333,
      discountPaise: 3_333,
    },
    {
      productId: null,
      title: 'Leather Diary',
      size: null,
      color: null,
      quantity: 2,
      unitPricePaise: 66_667,
      discountPaise: 13_334,
    },
  ],
  refundablePaise: 0,
});

describe('an order’s page with a discount', () => {
  it('shows each line’s discount, the subtotal, the code’s discount, delivery and the total', () => {
    renderWithProviders(<OrderDetail order={discounted} />);
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('−₹33.33 discount')).toBeVisible();
    expect(items.getByText('−₹133.34 discount')).toBeVisible();
    const row = (name: string | RegExp) => items.getByRole('rowheader', { name }).closest('tr');
    expect(row('Subtotal')).toHaveTextContent('₹1,666.67');
    expect(row('Discount (SAVE10: 10% off)')).toHaveTextContent('−₹166.67');
    expect(row('Delivery')).toHaveTextContent('Free');
    expect(row(/^Total/)).toHaveTextContent('₹1,500.00');
  });
});

describe('an order’s page with a delivery charge and a cash-on-delivery fee', () => {
  it('shows Delivery and the Cash on delivery fee above the total', () => {
    renderWithProviders(
      <OrderDetail
        order={{ ...discounted, deliveryPaise: 100_00, codFeePaise: 30_00, totalPaise: 1_630_00 }}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Items' }));
    const row = (name: string | RegExp) => items.getByRole('rowheader', { name }).closest('tr');
    expect(row('Delivery')).toHaveTextContent('₹100.00');
    expect(row('Cash on delivery fee')).toHaveTextContent('₹30.00');
    expect(row(/^Total/)).toHaveTextContent('₹1,630.00');
  });
});

describe('an order’s page for goods over ₹50,000', () => {
  it('warns that the consignment needs an e-way bill, and only then', () => {
    const { unmount } = renderWithProviders(
      <OrderDetail order={{ ...discounted, totalPaise: 50_000_01 }} />,
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'E-way bill needed: this order is worth more than ₹50,000.00.',
    );
    unmount();
    renderWithProviders(<OrderDetail order={{ ...discounted, totalPaise: 50_000_00 }} />);
    expect(screen.queryByText(/E-way bill needed/)).toBeNull();
  });
});
