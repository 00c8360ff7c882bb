import { describe, expect, it } from 'vitest';
import { controlCharacters } from '@store/contracts/common';
import { testShippingAddress } from '../test/test-app';
import type { OperatorOrderDetail, OperatorOrderSummary } from '@store/contracts/operator';
import {
  formatDateTime,
  formatOrderDetail,
  formatOrderList,
  formatTransition,
} from './order-format';

// built from local parts, so the expected text holds in any time zone
const at = (day: number, hour: number, minute: number) =>
  new Date(2026, 10, day, hour, minute, 30).toISOString();

const summary = (over: Partial<OperatorOrderSummary>): OperatorOrderSummary => ({
  id: 'AB12CD34EF',
  status: 1,
  createdAt: at(22, 14, 5),
  totalPaise: 123450,
  itemCount: 3,
  contactEmail: 'asha@example.in',
  city: 'Bengaluru',
  postalCode: '560038',
  ...over,
});

const detail: OperatorOrderDetail = {
  id: 'AB12CD34EF',
  status: 2,
  createdAt: at(22, 14, 5),
  updatedAt: at(23, 9, 0),
  trackingNumber: 'DTDC12345',
  contactEmail: 'asha@example.in',
  contactPhone: '9876543210',
  shippingAddress: { ...testShippingAddress, phone: '+919876543210' },
  totalPaise: 123450,
  items: [
    { quantity: 2, title: 'Spiral notebook', size: 'A5', color: 'Blue', unitPricePaise: 45000 },
    { quantity: 1, title: 'Gel pen', size: null, color: null, unitPricePaise: 33450 },
  ],
  payments: [
    {
      id: 'PAY1',
      provider: 'upi',
      method: 'upi_qr',
      status: 'failed',
      amountPaise: 123450,
      providerReference: null,
      createdAt: at(22, 14, 6),
    },
    {
      id: 'PAY2',
      provider: 'sandbox',
      method: 'gateway',
      status: 'succeeded',
      amountPaise: 123450,
      providerReference: 'SBX9',
      createdAt: at(22, 14, 9),
    },
  ],
};

describe('operator CLI output', () => {
  it('shows local date and minute', () => {
    expect(formatDateTime(at(2, 7, 5))).toBe('2026-11-02 07:05');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('lists one aligned line per order and counts them', () => {
    const text = formatOrderList(
      [
        summary({}),
        summary({
          id: 'ZX98YW76VT',
          status: 4,
          createdAt: at(21, 9, 30),
          totalPaise: 9950,
          itemCount: 1,
          contactEmail: 'ravi@example.com',
          city: 'Pune',
          postalCode: '411001',
        }),
      ],
      50,
    );
    expect(text.split('\n')).toEqual([
      'AB12CD34EF  2026-11-22 14:05  Processing  ₹1,234.50  3 items  asha@example.in   Bengaluru 560038',
      'ZX98YW76VT  2026-11-21 09:30  Cancelled      ₹99.50   1 item  ravi@example.com  Pune 411001',
      '2 orders',
    ]);
  });

  it('uses Indian digit grouping for large totals', () => {
    expect(formatOrderList([summary({ totalPaise: 1234567805 })])).toContain('₹1,23,45,678.05');
  });

  it('says when there are none, and when the limit may have cut the list', () => {
    expect(formatOrderList([], 50)).toBe('No orders');
    expect(
      formatOrderList([summary({})], 1)
        .split('\n')
        .at(-1),
    ).toBe('1 order (the newest 1; --limit up to 500 shows more)');
    const full = Array.from({ length: 500 }, () => summary({}));
    expect(formatOrderList(full, 500).split('\n').at(-1)).toBe(
      '500 orders (the newest 500; --status narrows the list)',
    );
  });

  it('shows one order with address, items and payments', () => {
    expect(formatOrderDetail(detail)).toBe(
      [
        'Order AB12CD34EF  Shipped',
        'Placed    2026-11-22 14:05',
        'Updated   2026-11-23 09:00',
        'Tracking  DTDC12345',
        'Contact   asha@example.in, +91 98765 43210',
        '',
        'Ship to',
        '  Asha Verma',
        '  12 MG Road, Indiranagar',
        '  Bengaluru, Karnataka - 560038',
        '  Phone +91 98765 43210',
        '',
        'Items',
        '  2 × Spiral notebook [A5, Blue] at ₹450.00 = ₹900.00',
        '  1 × Gel pen at ₹334.50 = ₹334.50',
        'Total ₹1,234.50',
        '',
        'Payments',
        '  2026-11-22 14:06  upi upi_qr       failed     ₹1,234.50  PAY1',
        '  2026-11-22 14:09  sandbox gateway  succeeded  ₹1,234.50  PAY2 (provider ref SBX9)',
      ].join('\n'),
    );
  });

  it('leaves out what an order does not have yet', () => {
    const text = formatOrderDetail({
      ...detail,
      status: 0,
      trackingNumber: null,
      items: [{ ...detail.items[0]!, size: null }],
      payments: [],
    });
    expect(text).not.toContain('Tracking');
    expect(text).toContain('  2 × Spiral notebook [Blue] at ₹450.00 = ₹900.00');
    expect(text.split('\n').slice(0, 1)).toEqual(['Order AB12CD34EF  Pending']);
    expect(text.endsWith('Payments: none yet')).toBe(true);
  });

  it('reports a transition', () => {
    expect(formatTransition({ id: 'AB12CD34EF', from: 1, to: 2, trackingNumber: 'X1' })).toBe(
      'Order AB12CD34EF: Processing -> Shipped (tracking X1)',
    );
    expect(
      formatTransition({
        id: 'AB12CD34EF',
        from: 1,
        to: 2,
        trackingNumber: '12345678',
        carrier: 'Blue Dart',
      }),
    ).toBe('Order AB12CD34EF: Processing -> Shipped (tracking Blue Dart 12345678)');
  });

  it('prints what shoppers typed without the control characters a terminal would obey', () => {
    const text = formatOrderList([
      summary({
        city: 'Pune\n0000000000  2026-01-01 00:00  Delivered',
        contactEmail: 'a\u001b]52;c;x\u0007@x.in',
      }),
    ]);
    expect(text.split('\n')).toHaveLength(2); // the row and the count, no forged row
    for (const line of text.split('\n')) expect(line).not.toMatch(controlCharacters);
    expect(text).toContain('Pune?0000000000');
  });
});
