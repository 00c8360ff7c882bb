/**
 * PIN codes and delivery estimates: the rules the server, the checkout and the product page share.
 * Zod-free, so that the storefront's product page can estimate without pulling zod in; the route's
 * schemas are in `pincodes.ts`. Decisions: docs/decisions/pin-lookup-and-delivery.md.
 */

/** Six digits, the first 1-9 (India Post's eight zones and the Army Postal Service's 9). */
export const pinCodePattern = /^[1-9][0-9]{5}$/;

/** Said by the checkout, the product page's PIN box and the server for a malformed PIN. */
export const pinCodeMessage = 'PIN code must be 6 digits and cannot start with 0';

/** What a shopper types, as the PIN it means: "560 038" -> "560038". Not a check: see isPinCode. */
export function normalizePin(input: string): string {
  return input.replace(/\s+/g, '');
}

/** A well-formed PIN after normalising (whether India Post knows it is the server's table). */
export function isPinCode(input: string): boolean {
  return pinCodePattern.test(normalizePin(input));
}

/** Where a PIN is, from India Post's directory; `states` has more than one entry for ~30 border PINs. */
export interface PinPlace {
  pin: string;
  /** the district most of its post offices are in (India Post's spelling, e.g. "Bangalore") */
  district: string;
  /** the state or union territory most of its post offices are in */
  state: string;
  /** every state or union territory it has a post office in; `state` first */
  states: string[];
}

export const deliveryZoneIds = [
  'sameCity',
  'sameState',
  'metro',
  'restOfIndia',
  'northEastAndIslands',
] as const;
export type DeliveryZone = (typeof deliveryZoneIds)[number];

export const deliveryZoneLabels: Record<DeliveryZone, string> = {
  sameCity: 'Same city',
  sameState: 'Same state',
  metro: 'Metro cities',
  restOfIndia: 'Rest of India',
  northEastAndIslands: 'North-East and islands',
};

/** Working days from dispatch to the door, both ends included in the promise. */
export interface DayRange {
  min: number;
  max: number;
}
export type DeliveryZones = Record<DeliveryZone, DayRange>;

/** The most working days a store may promise for a zone (the settings check). */
export const DELIVERY_DAYS_MAX = 30;

/**
 * The shipping policy promises 0-7 working days for normal orders; the defaults split that range
 * by how far a parcel travels (docs/decisions/pin-lookup-and-delivery.md).
 */
export const defaultDeliveryZones: DeliveryZones = {
  sameCity: { min: 1, max: 2 },
  sameState: { min: 2, max: 4 },
  metro: { min: 2, max: 5 },
  restOfIndia: { min: 3, max: 7 },
  northEastAndIslands: { min: 5, max: 7 },
};

/** A store's stored zones (any missing or malformed one falls back to its default). */
export function deliveryZonesOrDefault(
  stored: Partial<Record<string, DayRange>> | null | undefined,
): DeliveryZones {
  const zones = { ...defaultDeliveryZones };
  for (const id of deliveryZoneIds) {
    const range = stored?.[id];
    if (
      range &&
      Number.isInteger(range.min) &&
      Number.isInteger(range.max) &&
      range.min >= 0 &&
      range.min <= range.max &&
      range.max <= DELIVERY_DAYS_MAX
    ) {
      zones[id] = { min: range.min, max: range.max };
    }
  }
  return zones;
}

/**
 * The eight metros' districts as India Post names them (Delhi's are all of the national
 * capital's districts): parcels to them ride the carriers' daily trunk routes.
 */
export const metroDistricts: readonly string[] = [
  'Central Delhi',
  'East Delhi',
  'New Delhi',
  'North Delhi',
  'North East Delhi',
  'North West Delhi',
  'South Delhi',
  'South West Delhi',
  'West Delhi',
  'Mumbai',
  'Kolkata',
  'Chennai',
  'Bangalore',
  'Hyderabad',
  'Ahmedabad',
  'Pune',
];

/** The eight North-Eastern states and the two island territories: the longest routes. */
export const northEastAndIslandStates: readonly string[] = [
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
];

/**
 * The zone a parcel from `from` (the store's dispatch PIN; null when the store has not set one, so
 * neither "same" zone applies) to `to` travels in. The nearer zone wins: a Guwahati shop sending
 * within Assam is same-state, not North-East.
 */
export function deliveryZoneFor(from: PinPlace | null, to: PinPlace): DeliveryZone {
  if (from) {
    if (from.district === to.district && to.states.includes(from.state)) return 'sameCity';
    if (to.states.some((s) => from.states.includes(s))) return 'sameState';
  }
  if (northEastAndIslandStates.includes(to.state)) return 'northEastAndIslands';
  if (metroDistricts.includes(to.district)) return 'metro';
  return 'restOfIndia';
}

/** India Standard Time is UTC+5:30 all year (the delivery days here, the financial year in gst.ts). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
/** Orders placed after this hour (IST) leave on the next working day. */
export const DISPATCH_CUTOFF_HOUR_IST = 14;
const DAY_MS = 86_400_000;

/** Carriers deliver Monday to Saturday; Sunday is the one day off. */
const isWorkingDay = (day: Date) => day.getUTCDay() !== 0;

function addWorkingDays(day: Date, count: number): Date {
  let d = day;
  for (let left = count; left > 0;) {
    d = new Date(d.getTime() + DAY_MS);
    if (isWorkingDay(d)) left -= 1;
  }
  return d;
}

/** The IST calendar day of an instant, as a UTC midnight (so getUTCDay is the Indian weekday). */
function istDay(now: Date): { day: Date; hour: number } {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS);
  const day = new Date(
    Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()),
  );
  return { day, hour: shifted.getUTCHours() };
}

/** The day an order placed at `now` leaves the store: today before 14:00 IST on a working day. */
export function dispatchDay(now: Date): Date {
  const { day, hour } = istDay(now);
  if (isWorkingDay(day) && hour < DISPATCH_CUTOFF_HOUR_IST) return day;
  return addWorkingDays(day, 1);
}

export interface DeliveryEstimate {
  zone: DeliveryZone;
  minDays: number;
  maxDays: number;
  /** IST calendar dates, YYYY-MM-DD */
  earliest: string;
  latest: string;
}

/** GET /pincodes/:pin: where the PIN is and when an order placed now would arrive there. */
export interface PinLookup extends PinPlace {
  delivery: DeliveryEstimate;
}

const isoDate = (day: Date) => day.toISOString().slice(0, 10);

/**
 * When an order placed at `now` arrives: `min`–`max` working days (Mon–Sat) of its zone, counted
 * from the day it is dispatched. Public holidays differ by state and are not counted.
 */
export function estimateDelivery({
  from,
  to,
  zones,
  now,
}: {
  from: PinPlace | null;
  to: PinPlace;
  zones: DeliveryZones;
  now: Date;
}): DeliveryEstimate {
  const zone = deliveryZoneFor(from, to);
  const { min, max } = zones[zone];
  const leaves = dispatchDay(now);
  return {
    zone,
    minDays: min,
    maxDays: max,
    earliest: isoDate(addWorkingDays(leaves, min)),
    latest: isoDate(addWorkingDays(leaves, max)),
  };
}

/** The server's and the checkout's words when India Post has no such PIN. */
export const pinNotFoundMessage = (pin: string) =>
  `We could not find PIN code ${pin}. Please check it.`;

/** Null when `state` is one of the PIN's states, else where the PIN is ("PIN 110001 is in Delhi"). */
export function pinStateMismatch(place: PinPlace, state: string): string | null {
  const chosen = state.trim().toLowerCase();
  if (place.states.some((s) => s.toLowerCase() === chosen)) return null;
  return `PIN ${place.pin} is in ${place.states.join(' and ')}`;
}

/** "Thu, 27 Nov", en-IN, for a YYYY-MM-DD date (read as a calendar day, not a time). */
export function formatDeliveryDate(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** "Delivery by Thu, 27 Nov – Tue, 2 Dec" (one date when both ends fall on the same day). */
export function deliveryEstimateText(estimate: Pick<DeliveryEstimate, 'earliest' | 'latest'>) {
  const first = formatDeliveryDate(estimate.earliest);
  if (estimate.earliest === estimate.latest) return `Delivery by ${first}`;
  return `Delivery by ${first} – ${formatDeliveryDate(estimate.latest)}`;
}
