import { describe, expect, it } from 'vitest';
import {
  defaultDeliveryZones,
  deliveryEstimateText,
  deliveryZoneFor,
  deliveryZonesOrDefault,
  dispatchDay,
  estimateDelivery,
  isPinCode,
  normalizePin,
  pinStateMismatch,
  type PinPlace,
} from './delivery';
import { pinCodeSchema } from './india';
import { shippingAddressSchema } from './orders';

const place = (pin: string, district: string, ...states: string[]): PinPlace => ({
  pin,
  district,
  state: states[0]!,
  states,
});
const kolkata = place('700016', 'Kolkata', 'West Bengal');
const howrah = place('711101', 'Howrah', 'West Bengal');
const bengaluru = place('560038', 'Bangalore', 'Karnataka');
const guwahati = place('781001', 'Kamrup', 'Assam');
const nagpur = place('440001', 'Nagpur', 'Maharashtra');
const portBlair = place('744101', 'South Andaman', 'Andaman and Nicobar Islands');

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('normalizePin and the PIN schema', () => {
  it('reads "560 038" as 560038 and the checkout schema outputs the six digits', () => {
    expect(normalizePin(' 560 038 ')).toBe('560038');
    expect(isPinCode('560 038')).toBe(true);
    expect(pinCodeSchema.parse('560 038')).toBe('560038');
  });
  it('still refuses five digits, a leading 0 and letters with the PIN message', () => {
    for (const bad of ['56003', '060038', '56003A', '5600381']) {
      const result = pinCodeSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'PIN code must be 6 digits and cannot start with 0',
      );
    }
  });
  it('the shipping address accepts "560 038" instead of "Too big: expected <=6 characters"', () => {
    const address = {
      fullName: 'Asha Rao',
      address: '12 CMH Road, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560 038',
      phone: '+919876543210',
    };
    expect(shippingAddressSchema.parse(address).postalCode).toBe('560038');
    const long = shippingAddressSchema.safeParse({ ...address, postalCode: '5600380000' });
    expect(long.error?.issues.map((i) => i.message)).toEqual([
      'PIN code must be 6 digits and cannot start with 0',
    ]);
  });
});

describe('deliveryZoneFor', () => {
  it('picks the nearest zone from the dispatch PIN', () => {
    expect(deliveryZoneFor(kolkata, place('700001', 'Kolkata', 'West Bengal'))).toBe('sameCity');
    expect(deliveryZoneFor(kolkata, howrah)).toBe('sameState');
    expect(deliveryZoneFor(kolkata, bengaluru)).toBe('metro');
    expect(deliveryZoneFor(kolkata, nagpur)).toBe('restOfIndia');
    expect(deliveryZoneFor(kolkata, guwahati)).toBe('northEastAndIslands');
    expect(deliveryZoneFor(kolkata, portBlair)).toBe('northEastAndIslands');
  });
  it('a shop inside the North-East ships within its state as same-state', () => {
    expect(deliveryZoneFor(guwahati, place('781101', 'Kamrup Rural', 'Assam'))).toBe('sameState');
  });
  it('a PIN spanning two states is same-state for a shop in either', () => {
    const border = place('140119', 'Rupnagar', 'Punjab', 'Chandigarh');
    expect(deliveryZoneFor(place('160017', 'Chandigarh', 'Chandigarh'), border)).toBe('sameState');
  });
  it('without a dispatch PIN only the destination decides', () => {
    expect(deliveryZoneFor(null, howrah)).toBe('restOfIndia');
    expect(deliveryZoneFor(null, bengaluru)).toBe('metro');
  });
});

describe('estimateDelivery (working days Mon–Sat, 14:00 IST cut-off)', () => {
  it('an order on Thursday morning leaves that day and counts working days from it', () => {
    // Thu 27 Nov 2025, 10:00 IST; rest of India 3–7 days: Mon 1 Dec .. Fri 5 Dec (Sunday skipped)
    const estimate = estimateDelivery({
      from: kolkata,
      to: nagpur,
      zones: defaultDeliveryZones,
      now: ist('2025-11-27T10:00:00'),
    });
    expect(estimate).toEqual({
      zone: 'restOfIndia',
      minDays: 3,
      maxDays: 7,
      earliest: '2025-12-01',
      latest: '2025-12-05',
    });
  });
  it('after 14:00 IST it leaves the next working day; Saturday afternoon means Monday', () => {
    expect(dispatchDay(ist('2025-11-27T13:59:00')).toISOString().slice(0, 10)).toBe('2025-11-27');
    expect(dispatchDay(ist('2025-11-27T14:00:00')).toISOString().slice(0, 10)).toBe('2025-11-28');
    expect(dispatchDay(ist('2025-11-29T15:00:00')).toISOString().slice(0, 10)).toBe('2025-12-01');
    expect(dispatchDay(ist('2025-11-30T09:00:00')).toISOString().slice(0, 10)).toBe('2025-12-01');
  });
  it('reads the IST date, not the UTC one (23:00 UTC Friday is Saturday morning in India)', () => {
    const estimate = estimateDelivery({
      from: kolkata,
      to: howrah,
      zones: { ...defaultDeliveryZones, sameState: { min: 0, max: 1 } },
      now: new Date('2025-11-28T23:00:00Z'),
    });
    expect(estimate.earliest).toBe('2025-11-29');
    expect(estimate.latest).toBe('2025-12-01');
  });
  it("uses the store's own days for the zone", () => {
    const zones = { ...defaultDeliveryZones, metro: { min: 1, max: 1 } };
    const estimate = estimateDelivery({
      from: kolkata,
      to: bengaluru,
      zones,
      now: ist('2025-11-27T09:00:00'),
    });
    expect([estimate.minDays, estimate.earliest, estimate.latest]).toEqual([
      1,
      '2025-11-28',
      '2025-11-28',
    ]);
  });
});

describe('deliveryZonesOrDefault', () => {
  it('keeps valid stored zones and defaults the missing or broken ones', () => {
    const zones = deliveryZonesOrDefault({
      metro: { min: 1, max: 3 },
      sameCity: { min: 4, max: 2 },
    });
    expect(zones.metro).toEqual({ min: 1, max: 3 });
    expect(zones.sameCity).toEqual(defaultDeliveryZones.sameCity);
    expect(deliveryZonesOrDefault(null)).toEqual(defaultDeliveryZones);
  });
  it('the defaults stay inside the policy’s 0–7 working days', () => {
    for (const { min, max } of Object.values(defaultDeliveryZones)) {
      expect(min).toBeGreaterThanOrEqual(0);
      expect(max).toBeLessThanOrEqual(7);
      expect(min).toBeLessThanOrEqual(max);
    }
  });
});

describe('pinStateMismatch and the estimate text', () => {
  it('names where the PIN is when the state differs', () => {
    expect(pinStateMismatch(place('110001', 'Central Delhi', 'Delhi'), 'Tamil Nadu')).toBe(
      'PIN 110001 is in Delhi',
    );
    expect(pinStateMismatch(place('110001', 'Central Delhi', 'Delhi'), 'delhi')).toBeNull();
    expect(
      pinStateMismatch(place('140119', 'Rupnagar', 'Punjab', 'Chandigarh'), 'Chandigarh'),
    ).toBeNull();
  });
  it('writes the range as en-IN dates', () => {
    expect(deliveryEstimateText({ earliest: '2025-11-27', latest: '2025-12-02' })).toBe(
      'Delivery by Thu, 27 Nov – Tue, 2 Dec',
    );
    expect(deliveryEstimateText({ earliest: '2025-11-28', latest: '2025-11-28' })).toBe(
      'Delivery by Fri, 28 Nov',
    );
  });
});
