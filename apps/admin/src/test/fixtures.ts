import type { StaffRole, StaffSession } from '@store/contracts/admin/common';
import type { AdminOrderDetail } from '@store/contracts/admin/orders';
import type { StoreSettings } from '@store/contracts/admin/settings';
import { noDeliveryCharges } from '@store/contracts/admin/delivery-charges';
import { defaultDeliveryZones } from '@store/contracts/delivery';

export function sessionFixture(role: StaffRole = 'owner'): StaffSession {
  return {
    token: `token-${role}`,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    staff: {
      id: `staff-${role}`,
      email: `${role}@example.com`,
      role,
      disabled: false,
      ownerNotices: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

/** A store's settings as GET /admin/settings gives them; each test overrides what it is about. */
export function storeSettingsFixture(over: Partial<StoreSettings> = {}): StoreSettings {
  return {
    storeName: 'Kagaz & Kalam',
    companyName: 'Kagaz Kalam Pvt Ltd',
    companyAddress: '12 Park Street, Kolkata',
    companyPhone: '+91 98300 12345',
    companyEmail: 'hello@example.com',
    description: '',
    companyLogoUrl: '',
    categoryImages: { default: '/images/categories/default.svg' },
    policies: {},
    paymentMethods: ['upi_qr'],
    upiVpa: 'shop@okbank',
    upiPayeeName: '',
    dispatchPin: '700016',
    deliveryZones: defaultDeliveryZones,
    deliveryCharges: noDeliveryCharges,
    gstin: '',
    gstState: '',
    codEnabled: true,
    codMaxRupees: 5000,
    codPinPrefixes: [],
    codFeeRupees: 0,
    maxOpenOrders: 3,
    maxHeldUnits: 20,
    codConfirmHours: 48,
    codCodeAboveRupees: 0,
    cartReminderHours: 24,
    returnWindowDays: 7,
    ownerNotices: { newOrder: true, returnRequest: true, lowStock: true, dailySummary: true },
    ...over,
  };
}

/** A paid, delivered order as GET /admin/orders/{id} gives it; each test overrides what it is about. */
export function orderDetailFixture(over: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: 'R3TURN5ORD',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    userId: '5f0c7d2e-1111-4a6b-9c1d-2e3f4a5b6c7d',
    customerName: 'Meera Iyer',
    contactEmail: 'meera@example.in',
    contactPhone: '9876543210',
    itemCount: 3,
    totalPaise: 90_000,
    payment: 'paid',
    status: 3,
    codStatus: null,
    shippingAddress: {
      fullName: 'Meera Iyer',
      address: '4 Anna Salai',
      city: 'Chennai',
      state: 'Tamil Nadu',
      postalCode: '600002',
      phone: '+919876543210',
    },
    carrier: null,
    trackingNumber: null,
    cancelReason: null,
    items: [
      {
        productId: null,
        title: 'Leather Diary',
        size: null,
        color: null,
        quantity: 2,
        unitPricePaise: 30_000,
      },
      {
        productId: null,
        title: 'Gel Pen',
        size: null,
        color: null,
        quantity: 1,
        unitPricePaise: 30_000,
      },
    ],
    payments: [],
    notifications: [],
    timeline: [],
    notes: [],
    actions: [],
    refundablePaise: 90_000,
    documents: [],
    returns: [],
    ...over,
  };
}
