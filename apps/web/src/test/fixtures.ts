import type { DeliveryZone, PinLookup } from '@store/contracts/delivery';
import type { Product } from '@store/contracts/products';
import type { StoreInfo } from '@store/contracts/store';

export const storeInfoFixture: StoreInfo = {
  storeName: 'Paper Trail',
  companyName: 'Paper Trail Stationers Pvt Ltd',
  companyAddress: '12 MG Road, Bengaluru, Karnataka 560001',
  companyEmail: 'hello@papertrail.test',
  companyPhone: '+91 98765 43210',
  companyLogoUrl: '',
  description: 'Diaries, notebooks and fine paper',
  categories: ['Diaries', 'Notebooks', 'Magazines', 'Ink'],
  categoryImages: { Diaries: '/images/diaries.jpg', default: '/images/default.jpg' },
  policies: {},
};

export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    id: 'prod-0001-abcdef',
    title: 'Leather Journal',
    description: 'A5 hand-stitched leather journal.',
    imgUrl: '/images/journal.jpg',
    category: 'Diaries',
    parentCategory: 'Stationery',
    regularPrice: 1299,
    discountedPrice: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    images: [],
    attributes: [],
    availability: { status: 'in_stock', left: null },
    variants: [],
    ...overrides,
  };
}

/** A few PINs as GET /pincodes/{pin} answers them (a Thu 27 Nov – Tue 2 Dec estimate); null: unknown. */
export function pinLookupFixture(pin: string): PinLookup | null {
  const places: Record<string, [district: string, state: string, zone: DeliveryZone]> = {
    '560001': ['Bangalore', 'Karnataka', 'metro'],
    '560038': ['Bangalore', 'Karnataka', 'metro'],
    '570001': ['Mysore', 'Karnataka', 'restOfIndia'],
    '110001': ['Central Delhi', 'Delhi', 'metro'],
    '600001': ['Chennai', 'Tamil Nadu', 'metro'],
  };
  const place = places[pin.replace(/\s+/g, '')];
  if (!place) return null;
  const [district, state, zone] = place;
  return {
    pin: pin.replace(/\s+/g, ''),
    district,
    state,
    states: [state],
    delivery: { zone, minDays: 2, maxDays: 5, earliest: '2025-11-27', latest: '2025-12-02' },
  };
}
