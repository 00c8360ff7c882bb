import { describe, expect, it } from 'vitest';
import {
  isPendingOrder,
  joinShippingAddress,
  orderStatusBadgeVariant,
  orderStatusLabel,
  orderTotal,
  toOrderView,
  type OrderInput,
} from './order-view';
import { orderFixture } from '../test/order-fixture';

const order: OrderInput = { ...orderFixture(), status: undefined, trackingNumber: undefined };

describe('order status', () => {
  it('labels 0 to 4', () => {
    expect([0, 1, 2, 3, 4].map(orderStatusLabel)).toEqual([
      'Pending',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);
  });
  it('labels other numbers Unknown (n) and non-numbers Unknown', () => {
    expect(orderStatusLabel(7)).toBe('Unknown (7)');
    expect(orderStatusLabel(-1)).toBe('Unknown (-1)');
    expect(orderStatusLabel('2')).toBe('Unknown');
    expect(orderStatusLabel(undefined)).toBe('Unknown');
    expect(orderStatusLabel(Number.NaN)).toBe('Unknown');
  });
  it('colours the badge yellow, blue, purple, green, red and grey', () => {
    expect(orderStatusBadgeVariant(0)).toBe('yellow');
    expect(orderStatusBadgeVariant(1)).toBe('blue');
    expect(orderStatusBadgeVariant(2)).toBe('purple');
    expect(orderStatusBadgeVariant(3)).toBe('green');
    expect(orderStatusBadgeVariant(4)).toBe('red');
    expect(orderStatusBadgeVariant(9)).toBe('gray');
    expect(orderStatusBadgeVariant(null)).toBe('gray');
  });
  it('offers payment only for Pending', () => {
    expect(isPendingOrder(0)).toBe(true);
    expect(isPendingOrder(1)).toBe(false);
    expect(isPendingOrder('0')).toBe(false);
  });
});

describe('order mapping', () => {
  it('totals price × quantity without float drift', () => {
    expect(orderTotal(order.items)).toBe(598);
    expect(
      orderTotal([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
    expect(orderTotal([])).toBe(0);
  });
  it('joins the address parts and skips blanks', () => {
    expect(joinShippingAddress(order.shippingAddress)).toBe(
      '12 MG Road, Bengaluru, Karnataka, 560001',
    );
    expect(
      joinShippingAddress({ address: '1 Main St', city: ' ', state: 'Goa', postalCode: '' }),
    ).toBe('1 Main St, Goa');
  });
  it('maps the view with Standard Shipping, Not available and status 0 by default', () => {
    expect(toOrderView(order)).toEqual({
      id: 'K7M2QX9P',
      date: '2025-03-05T10:00:00.000Z',
      status: 0,
      items: [
        { id: 'i1', name: 'A5 Diary', variant: '', quantity: 2, price: 249.5 },
        { id: 'i2', name: 'Ink Bottle', variant: '', quantity: 1, price: 99 },
      ],
      shipping: {
        address: '12 MG Road, Bengaluru, Karnataka, 560001',
        method: 'Standard Shipping',
        tracking: 'Not available',
      },
      total: 598,
    });
  });
  it('names the chosen size and colour of a line', () => {
    const items = [
      {
        id: 'i1',
        productId: 'p1',
        productTitle: 'Diary',
        quantity: 1,
        price: 10,
        size: 'A5',
        color: 'Maroon',
      },
    ];
    expect(toOrderView({ ...order, items }).items[0]!.variant).toBe('A5 · Maroon');
    expect(
      toOrderView({ ...order, items: [{ ...items[0]!, color: null }] }).items[0]!.variant,
    ).toBe('A5');
  });
  it('shows the tracking number when the server gives one', () => {
    expect(toOrderView({ ...order, status: 2, trackingNumber: 'DL123' }).shipping.tracking).toBe(
      'DL123',
    );
    expect(toOrderView({ ...order, trackingNumber: '  ' }).shipping.tracking).toBe('Not available');
  });
});
