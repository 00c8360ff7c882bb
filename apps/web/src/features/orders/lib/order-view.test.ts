import { describe, expect, it } from 'vitest';
import { formatInr } from '@store/contracts/money';
import {
  canPayNow,
  isPendingOrder,
  joinShippingAddress,
  orderStatusNote,
  toOrderView,
  type OrderInput,
} from './order-view';
import { orderFixture } from '../test/order-fixture';

const order: OrderInput = { ...orderFixture(), status: undefined, trackingNumber: undefined };

describe('order status', () => {
  it('offers payment only for Pending', () => {
    expect(isPendingOrder(0)).toBe(true);
    expect(isPendingOrder(1)).toBe(false);
    expect(isPendingOrder('0')).toBe(false);
  });
});

describe('order mapping', () => {
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
      // an order from before discounts (no discount nor delivery in the answer): the spec's sum
      total: 598,
      subtotal: 598,
      discount: 0,
      discountLabels: [],
      delivery: 0,
      codFee: 0,
      documents: [],
      history: [],
      returns: [],
    });
  });
  it('totals a discounted order as subtotal − discount + delivery, naming each discount', () => {
    const view = toOrderView({
      ...order,
      discount: 59.8,
      delivery: 40,
      offers: [
        { code: 'SAVE10', description: '10% off', kind: 'percentage', amount: 59.8 },
        { code: null, description: 'Free delivery', kind: 'free_delivery', amount: 0 },
      ],
    });
    expect(view).toMatchObject({
      subtotal: 598,
      discount: 59.8,
      delivery: 40,
      total: 578.2,
      discountLabels: ['SAVE10: 10% off'],
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
    // a product's only size says nothing: the colour alone, or nothing
    const oneSize = { ...items[0]!, size: 'One Size' };
    expect(toOrderView({ ...order, items: [oneSize] }).items[0]!.variant).toBe('Maroon');
    expect(toOrderView({ ...order, items: [{ ...oneSize, color: null }] }).items[0]!.variant).toBe(
      '',
    );
  });
  it('shows the tracking number when the server gives one', () => {
    expect(toOrderView({ ...order, status: 2, trackingNumber: 'DL123' }).shipping.tracking).toBe(
      'DL123',
    );
    expect(toOrderView({ ...order, trackingNumber: '  ' }).shipping.tracking).toBe('Not available');
  });
  it('names the carrier and its page for this parcel', () => {
    const shipped = { ...order, status: 2, carrier: 'Blue Dart', trackingNumber: '12345678' };
    expect(toOrderView(shipped).shipping).toMatchObject({
      carrier: 'Blue Dart',
      tracking: '12345678',
      trackingUrl: 'https://www.bluedart.com/tracking?trackFor=0&trackNo=12345678',
    });
    // no number yet: no link, whatever the carrier
    expect(toOrderView({ ...shipped, trackingNumber: null }).shipping.trackingUrl).toBeUndefined();
    expect(toOrderView({ ...order, carrier: null }).shipping).not.toHaveProperty('carrier');
  });
});

describe('order notes (issue 10)', () => {
  it('confirming: a note and no Pay Now; expired cancel: why; older orders: nothing', () => {
    const confirming = toOrderView(orderFixture({ paymentStatus: 'confirming' }));
    expect(orderStatusNote(confirming)).toBe('Your payment is being confirmed');
    expect(canPayNow(confirming)).toBe(false);
    expect(canPayNow(toOrderView(orderFixture({ paymentStatus: 'unpaid' })))).toBe(true);
    const expired = toOrderView(orderFixture({ status: 4, cancelReason: 'expired' }));
    expect(orderStatusNote(expired)).toBe('Cancelled: not paid in time');
    const codUnconfirmed = toOrderView(
      orderFixture({ status: 4, cancelReason: 'cod_unconfirmed' }),
    );
    expect(orderStatusNote(codUnconfirmed)).toBe(
      'Cancelled: cash on delivery not confirmed in time',
    );
    expect(
      orderStatusNote(toOrderView(orderFixture({ status: 4, cancelReason: 'operator' }))),
    ).toBe(undefined);
    expect(orderStatusNote(toOrderView(orderFixture()))).toBeUndefined();
  });
});

describe('cash on delivery (issue 12)', () => {
  it('to collect: the amount to pay on delivery; collected: paid; cancelled: nothing to pay', () => {
    const toCollect = toOrderView(orderFixture({ status: 1, codStatus: 'to_collect' }));
    expect(orderStatusNote(toCollect)).toBe(
      `Cash on delivery: pay ${formatInr(toCollect.total, 'exact')} on delivery`,
    );
    expect(canPayNow(toCollect)).toBe(false);
    expect(orderStatusNote(toOrderView(orderFixture({ status: 3, codStatus: 'collected' })))).toBe(
      'Cash on delivery: paid',
    );
    expect(
      orderStatusNote(toOrderView(orderFixture({ status: 4, codStatus: 'to_collect' }))),
    ).toBeUndefined();
  });
});
