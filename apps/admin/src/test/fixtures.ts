import type { StaffRole, StaffSession } from '@store/contracts/admin/common';
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
    cartReminderHours: 24,
    returnWindowDays: 7,
    ownerNotices: { newOrder: true, returnRequest: true, lowStock: true, dailySummary: true },
    ...over,
  };
}
