import { createElement } from 'react';
import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { OrderEmail, type Brand, type OrderView } from './email-templates';

const brand: Brand = {
  storeName: 'Kagaz & Kalam',
  companyName: 'Kagaz & Kalam Stationers Pvt. Ltd.',
  companyAddress: '14, Chowringhee Lane, Kolkata 700016',
  companyEmail: 'hello@example.com',
  companyPhone: '+91 98300 12345',
  logoUrl: null,
  baseUrl: 'https://shop.example',
};

const order: OrderView = {
  id: 'DRBPGJQ2YH',
  placedAt: '24 Nov 2026, 8:40 pm',
  lines: [
    {
      title: 'Pocket Journal',
      variant: '',
      quantity: 1,
      unitPrice: '₹249.00',
      lineTotal: '₹249.00',
    },
  ],
  subtotal: '₹249.00',
  discounts: [],
  delivery: 'Free',
  total: '₹249.00',
  shipTo: {
    fullName: 'Asha Verma',
    lines: ['12 MG Road', 'Kolkata 700016'],
    phone: '+91 98765 43210',
  },
  ordersUrl: 'https://shop.example/orders',
  trackUrl: 'https://shop.example/track-order?id=DRBPGJQ2YH',
};

describe('shipped e-mail on a phone', () => {
  it("lets the carrier's long tracking address wrap (India Post's has no break point in 70 characters)", async () => {
    const trackingUrl =
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx';
    const html = await render(
      createElement(OrderEmail, {
        brand,
        order,
        heading: 'Your order is on its way',
        intro: ['Order DRBPGJQ2YH has left us.'],
        shipment: { carrier: 'India Post', trackingNumber: 'EE123456785IN', trackingUrl },
      }),
    );
    const link = new RegExp(
      `<a href="${trackingUrl.replace(/[.?]/g, '\\$&')}"[^>]*style="([^"]*)"`,
    ).exec(html);
    expect(link, 'the tracking link').not.toBeNull();
    expect(link![1]).toMatch(/word-break:\s*break-all/);
  });
});
