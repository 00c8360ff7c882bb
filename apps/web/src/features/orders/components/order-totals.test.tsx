import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toOrderView } from '../lib/order-view';
import { orderFixture } from '../test/order-fixture';
import { renderWithProviders } from '@/test/render';
import { OrderCard } from './order-card';
import { TrackedOrder } from './tracked-order';

const discounted = orderFixture({
  total: 538.2,
  subtotal: 598,
  discount: 59.8,
  delivery: 0,
  couponCode: 'SAVE10',
  offers: [{ code: 'SAVE10', description: '10% off', kind: 'percentage', amount: 59.8 }],
});

const term = (name: string) => screen.getByText(name, { selector: 'dt' }).parentElement!;

describe('an order with a discount, in My Orders and Track order', () => {
  it('My Orders: Subtotal, Discount with its code, Delivery Free and the Total', () => {
    // the card's Cancel order needs the query client: the app's providers, as My Orders has them
    renderWithProviders(<OrderCard order={toOrderView(discounted)} />);
    expect(term('Subtotal')).toHaveTextContent('₹598.00');
    const discount = screen.getByText(/^Discount/, { selector: 'dt' }).parentElement!;
    expect(within(discount).getByText('SAVE10: 10% off')).toBeVisible();
    expect(discount).toHaveTextContent('−₹59.80');
    expect(term('Delivery')).toHaveTextContent('Free');
    expect(term('Total')).toHaveTextContent('₹538.20');
  });

  it('Track order: the same lines under the items table; an order without discount shows no Discount', () => {
    const { unmount } = render(<TrackedOrder order={toOrderView(discounted)} />);
    expect(term('Total')).toHaveTextContent('₹538.20');
    expect(screen.getByText(/^Discount/, { selector: 'dt' })).toBeVisible();
    unmount();
    render(<TrackedOrder order={toOrderView(orderFixture())} />);
    expect(screen.queryByText(/^Discount/, { selector: 'dt' })).toBeNull();
    expect(term('Delivery')).toHaveTextContent('Free');
    expect(term('Total')).toHaveTextContent('₹598.00');
  });
});

describe('an order with a delivery charge and a cash-on-delivery fee', () => {
  it('shows both lines, and the total includes them', () => {
    const charged = orderFixture({ total: 728, subtotal: 598, delivery: 100, codFee: 30 });
    render(<TrackedOrder order={toOrderView(charged)} />);
    expect(term('Delivery')).toHaveTextContent('₹100.00');
    expect(term('Cash on delivery fee')).toHaveTextContent('₹30.00');
    expect(term('Total')).toHaveTextContent('₹728.00');
  });
});
