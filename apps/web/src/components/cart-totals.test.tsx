import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartTotals } from './cart-totals';

const term = (name: string | RegExp) => screen.getByText(name, { selector: 'dt' }).parentElement!;

describe('the cart’s Delivery line, as the server’s quote says it', () => {
  it('costs nothing: the spec’s "Shipping: Free", no fee line, nothing to add', () => {
    render(<CartTotals subtotal={598} delivery={{ amount: 0, basis: 'free', toFree: null }} />);
    expect(term('Shipping')).toHaveTextContent('Free');
    expect(screen.queryByText(/^Delivery/, { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Cash on delivery fee')).toBeNull();
    expect(term('Total')).toHaveTextContent('₹598');
  });

  it('before a quote, or free from the threshold, it still reads Free', () => {
    const { unmount } = render(<CartTotals subtotal={598} />);
    expect(term('Shipping')).toHaveTextContent('Free');
    unmount();
    render(
      <CartTotals subtotal={1200} delivery={{ amount: 0, basis: 'freeAbove', toFree: null }} />,
    );
    expect(term('Shipping')).toHaveTextContent('Free');
  });

  it('waits for the PIN: "Calculated from your PIN code", and what would make it free', () => {
    render(
      <CartTotals
        subtotal={100}
        delivery={{ amount: 0, basis: 'needsPin', toFree: 899 }}
        total={100}
      />,
    );
    const line = term(/^Delivery/);
    expect(line).toHaveTextContent('Calculated from your PIN code');
    expect(line).toHaveTextContent('Add ₹899 more for free delivery');
    expect(screen.queryByText('Shipping')).toBeNull();
  });

  it('charged: the amount in rupees, and the cash-on-delivery fee on its own line', () => {
    render(
      <CartTotals
        subtotal={100}
        delivery={{ amount: 60, basis: 'rate', toFree: null }}
        codFee={30}
        total={190}
      />,
    );
    expect(term(/^Delivery/)).toHaveTextContent('₹60');
    expect(term(/^Delivery/)).not.toHaveTextContent('more for free delivery');
    expect(term('Cash on delivery fee')).toHaveTextContent('₹30');
    expect(term('Total')).toHaveTextContent('₹190');
  });
});
