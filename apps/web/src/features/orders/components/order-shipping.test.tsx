import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toOrderView } from '../lib/order-view';
import { orderFixture } from '../test/order-fixture';
import { OrderShipping } from './order-shipping';

const shippingOf = (overrides: Parameters<typeof orderFixture>[0]) =>
  toOrderView(orderFixture(overrides)).shipping;

describe('OrderShipping', () => {
  it('names the carrier and links the tracking number to its page, in a new tab', () => {
    render(
      <OrderShipping
        shipping={shippingOf({ status: 2, carrier: 'Delhivery', trackingNumber: '123456789012' })}
      />,
    );
    expect(screen.getByText('Carrier').nextSibling).toHaveTextContent('Delhivery');
    const link = screen.getByRole('link', { name: /123456789012/ });
    expect(link).toHaveAttribute('href', 'https://www.delhivery.com/track-v2/package/123456789012');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the number without a link when the carrier has no page or none is named', () => {
    const { rerender } = render(
      <OrderShipping
        shipping={shippingOf({ status: 2, carrier: 'Other courier', trackingNumber: 'AB-12345' })}
      />,
    );
    expect(screen.getByText('AB-12345')).toBeInTheDocument();
    expect(screen.getByText('Other courier')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    rerender(<OrderShipping shipping={shippingOf({ status: 2, trackingNumber: 'DL123' })} />);
    expect(screen.getByText('DL123')).toBeInTheDocument();
    expect(screen.queryByText('Carrier')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    rerender(<OrderShipping shipping={shippingOf({ carrier: null, trackingNumber: null })} />);
    expect(screen.getByText('Tracking number').nextSibling).toHaveTextContent('Not available');
  });
});
