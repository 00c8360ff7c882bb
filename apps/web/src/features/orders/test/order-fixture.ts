import type { Order } from '@store/contracts/orders';

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 'K7M2QX9P',
    status: 0,
    createdAt: '2025-03-05T10:00:00.000Z',
    items: [
      { id: 'i1', productId: 'p1', productTitle: 'A5 Diary', quantity: 2, price: 249.5 },
      { id: 'i2', productId: 'p2', productTitle: 'Ink Bottle', quantity: 1, price: 99 },
    ],
    shippingAddress: {
      fullName: 'Asha Rao',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      phone: '+919876543210',
    },
    total: 598,
    shippingMethod: 'Standard Shipping',
    trackingNumber: null,
    ...overrides,
  };
}
