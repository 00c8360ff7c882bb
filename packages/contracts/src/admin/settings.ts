import { z } from 'zod';
import { controlCharacters, EMAIL_MAX, emailPattern, messages } from '../common';
import { gstinProblem, gstStateCodeOf, gstStateOfGstin, normalizeGstin } from '../gst';
import { indianStatesAndUts } from '../india';
import { optionalImageUrlSchema } from '../image-url';
import { policySlugs } from '../store';
import { DELIVERY_DAYS_MAX, deliveryZoneIds, isPinCode, normalizePin } from '../delivery';
import { deliveryChargesSchema, deliveryFeeSchema } from './delivery-charges';
import {
  COD_CONFIRM_HOURS_LIMIT,
  MAX_HELD_UNITS_LIMIT,
  MAX_OPEN_ORDERS_LIMIT,
} from '../fair-stock';
import { CART_REMINDER_HOURS_LIMIT } from '../cart-reminders';
import { RETURN_WINDOW_DAYS_LIMIT } from '../return-rules';

/** Payment methods a store can offer (the server offers only those it is configured for). */
export const paymentMethodIds = [
  'upi_qr',
  'upi_app',
  'gateway',
  'payu',
  'razorpay',
  'phonepe',
] as const;
export const paymentMethodLabels: Record<(typeof paymentMethodIds)[number], string> = {
  upi_qr: 'UPI QR code',
  upi_app: 'UPI app on the phone',
  gateway: 'Sandbox gateway (demo only)',
  payu: 'PayU (cards, net banking, wallets)',
  razorpay: 'Razorpay (UPI, cards, net banking, wallets)',
  phonepe: 'PhonePe PG (UPI, cards, net banking)',
};

/** A UPI ID: name@handle */
export const upiVpaSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/, 'A UPI ID looks like name@bank');

const workingDays = z
  .number({ error: 'Enter a number of working days' })
  .int('Enter whole working days')
  .min(0, 'At least 0 working days')
  .max(DELIVERY_DAYS_MAX, `At most ${DELIVERY_DAYS_MAX} working days`);

/** One delivery zone's promise in working days; the fastest no later than the slowest. */
export const deliveryDayRangeSchema = z
  .object({ min: workingDays, max: workingDays })
  .refine((r) => r.min <= r.max, {
    message: 'The fastest delivery cannot be later than the slowest',
    path: ['max'],
  });

/** Every zone's working days (contracts/delivery.ts has the defaults and the zones' meaning). */
export const deliveryZonesSchema = z.object(
  Object.fromEntries(deliveryZoneIds.map((id) => [id, deliveryDayRangeSchema])) as Record<
    (typeof deliveryZoneIds)[number],
    typeof deliveryDayRangeSchema
  >,
);

/**
 * Where parcels leave from: a PIN ("700 016" is saved as 700016), or '' when not set. An
 * overwrite, not a transform: the same schema describes GET's answer, which the server encodes.
 */
export const dispatchPinSchema = z
  .string()
  .overwrite(normalizePin)
  .refine((v) => v === '' || isPinCode(v), messages.pinCode);

const line = (label: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !controlCharacters.test(v), messages.controlCharacters);

/**
 * A GSTIN as typed (spaces dropped, upper case), checked; '' while the store has none. An
 * overwrite, not a transform: the same schema also encodes the GET answer.
 */
const gstinSchema = z
  .string()
  .overwrite(normalizeGstin)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The largest COD limit the settings take: cash at the door, not a cap on what an order can total. */
export const COD_MAX_RUPEES = 1_00_00_000;

/** The start of the PINs cash on delivery serves: 1 to 6 digits ('56' is Bengaluru and around). */
export const codPinPrefixSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/, 'A PIN prefix is 1 to 6 digits and cannot start with 0');

/** A whole number from 1 to `max` (orders, units, hours), with the form's wording. */
const wholeNumber = (what: string, max: number) => {
  const range = `Enter a whole number of ${what} from 1 to ${max.toLocaleString('en-IN')}`;
  return z
    .number({ error: `Enter the number of ${what}` })
    .int(range)
    .min(1, range)
    .max(max, range);
};

const returnWindowRange = `Enter a whole number of days from 0 (no returns) to ${RETURN_WINDOW_DAYS_LIMIT}`;

const cartReminderRange = `Enter a whole number of hours from 0 (no reminders) to ${CART_REMINDER_HOURS_LIMIT}`;

/** The owner's e-mails a store sends, each switched off in Store settings > Owner e-mails. */
export const ownerNoticesSchema = z.object({
  newOrder: z.boolean(),
  returnRequest: z.boolean(),
  lowStock: z.boolean(),
  dailySummary: z.boolean(),
});
export type OwnerNotices = z.infer<typeof ownerNoticesSchema>;
const allOwnerNoticesOn: OwnerNotices = {
  newOrder: true,
  returnRequest: true,
  lowStock: true,
  dailySummary: true,
};

/** PUT /admin/settings (owner) and GET /admin/settings */
export const storeSettingsSchema = z.object({
  storeName: line('Store name', 80),
  companyName: line('Company name', 120),
  companyAddress: z.string().trim().min(1, 'Address is required').max(500),
  companyPhone: line('Phone', 30),
  companyEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: messages.invalidEmail, abort: true })
    .regex(emailPattern, messages.invalidEmail),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  companyLogoUrl: optionalImageUrlSchema,
  /** delivery estimates: the dispatch PIN (its existence is the server's check) and each zone's days */
  dispatchPin: dispatchPinSchema,
  deliveryZones: deliveryZonesSchema,
  /** what delivery costs: the rate table, the weight rule, free delivery above (admin/delivery-charges.ts) */
  deliveryCharges: deliveryChargesSchema,
  /** category name -> image URL; `default` for the rest */
  categoryImages: z.record(z.string().max(100), optionalImageUrlSchema),
  /** policy slug -> HTML with the storefront's placeholders; sanitised when saved */
  policies: z.partialRecord(z.enum(policySlugs), z.string().max(50_000)),
  paymentMethods: z.array(z.enum(paymentMethodIds)).min(1, 'Offer at least one payment method'),
  upiVpa: upiVpaSchema.or(z.literal('')),
  upiPayeeName: z.string().trim().max(100),
  /** GST: the store's GSTIN ('' while unregistered) and the state it is registered in */
  gstin: gstinSchema,
  gstState: z
    .string()
    .trim()
    .refine((v) => v === '' || indianStatesAndUts.includes(v), 'Choose a state from the list'),
  /** cash on delivery: on/off, the largest order it takes (rupees), the PIN prefixes it serves */
  codEnabled: z.boolean(),
  codMaxRupees: z
    .number({ error: 'Enter the largest order value in rupees' })
    .positive('Enter an amount above ₹0')
    .max(COD_MAX_RUPEES, `At most ₹${COD_MAX_RUPEES.toLocaleString('en-IN')}`),
  /** [] : all of India */
  codPinPrefixes: z.array(codPinPrefixSchema).max(500, 'At most 500 PIN prefixes'),
  /** added to every cash-on-delivery order, free delivery or not; 0: none */
  codFeeRupees: deliveryFeeSchema,
  /**
   * a cash-on-delivery order above this value waits for the shopper's code sent to the phone
   * before it ships (contracts/cod-codes.ts); 0: not by value (refused parcels still ask)
   */
  codCodeAboveRupees: z
    .number({ error: 'Enter an amount in rupees' })
    .min(0, 'Enter ₹0 or more')
    .max(COD_MAX_RUPEES, `At most ₹${COD_MAX_RUPEES.toLocaleString('en-IN')}`)
    .default(0),
  /** fair stock (contracts/fair-stock.ts): what one shopper may hold without paying */
  maxOpenOrders: wholeNumber('orders', MAX_OPEN_ORDERS_LIMIT),
  maxHeldUnits: wholeNumber('units', MAX_HELD_UNITS_LIMIT),
  codConfirmHours: wholeNumber('hours', COD_CONFIRM_HOURS_LIMIT),
  /** hours after its last change a signed-in shopper's cart left behind is e-mailed about; 0: never */
  cartReminderHours: z
    .number({ error: 'Enter the number of hours' })
    .int(cartReminderRange)
    .min(0, cartReminderRange)
    .max(CART_REMINDER_HOURS_LIMIT, cartReminderRange),
  /** days after delivery a shopper may ask to return items (contracts/returns.ts); 0: no returns */
  returnWindowDays: z
    .number({ error: 'Enter the number of days' })
    .int(returnWindowRange)
    .min(0, returnWindowRange)
    .max(RETURN_WINDOW_DAYS_LIMIT, returnWindowRange),
  /**
   * the owner's e-mails (to every owner and staff who opt in on the Staff screen), each on or off;
   * a client that sends none leaves them all on
   */
  ownerNotices: ownerNoticesSchema.default(allOwnerNoticesOn),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/**
 * The GSTIN's first two digits are the state it is registered in: null when they agree (or one is
 * not given), else the message for the GSTIN field.
 */
export function gstinStateProblem(gstin: string, gstState: string): string | null {
  if (!gstin || !gstState || gstinProblem(gstin)) return null;
  const registeredIn = gstStateOfGstin(gstin);
  if (!registeredIn || registeredIn === gstState) return null;
  // 25 (old Daman and Diu) is still valid for the merged territory
  if (gstStateCodeOf(gstState) === gstin.slice(0, 2)) return null;
  return `This GSTIN is registered in ${registeredIn} (${gstin.slice(0, 2)}), not ${gstState}`;
}

/** The COD PIN prefixes as the owner types them: comma or space separated; '' is all of India. */
export function parseCodPinPrefixes(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** GET /admin/settings also says which payment methods this server can offer at all. */
export const storeSettingsResponseSchema = z.object({
  settings: storeSettingsSchema,
  availablePaymentMethods: z.array(z.enum(paymentMethodIds)),
  /** products not archived without a weight: they add nothing to a weight-based delivery charge */
  productsWithoutWeight: z.number().int(),
});
