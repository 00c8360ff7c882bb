import { z } from 'zod';
import { controlCharacters, emailPattern, messages } from '../common';
import { policySlugs } from '../store';

/** Payment methods a store can offer (the server offers only those it is configured for). */
import { DELIVERY_DAYS_MAX, deliveryZoneIds, isPinCode, normalizePin } from '../delivery';
export const paymentMethodIds = ['upi_qr', 'upi_app', 'gateway', 'payu'] as const;
export const paymentMethodLabels: Record<(typeof paymentMethodIds)[number], string> = {
  upi_qr: 'UPI QR code',
  upi_app: 'UPI app on the phone',
  gateway: 'Sandbox gateway (demo only)',
  payu: 'PayU (cards, net banking, wallets)',
};

/** A UPI ID: name@handle */
export const upiVpaSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/, 'A UPI ID looks like name@bank');

const line = (label: string, max: number, min = 1) =>
  z
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

    .string()
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !controlCharacters.test(v), messages.controlCharacters);

/** PUT /admin/settings (owner) and GET /admin/settings */
export const storeSettingsSchema = z.object({
  storeName: line('Store name', 80),
  companyName: line('Company name', 120),
  companyAddress: z.string().trim().min(1, 'Address is required').max(500),
  companyPhone: line('Phone', 30),
  companyEmail: z.string().trim().toLowerCase().regex(emailPattern, messages.invalidEmail).max(254),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  companyLogoUrl: z.string().trim().max(500),
  /** category name -> image URL; `default` for the rest */
  categoryImages: z.record(z.string().max(100), z.string().max(500)),
  /** policy slug -> HTML with the storefront's placeholders; sanitised when saved */
  policies: z.partialRecord(z.enum(policySlugs), z.string().max(50_000)),
  paymentMethods: z.array(z.enum(paymentMethodIds)).min(1, 'Offer at least one payment method'),
  upiVpa: upiVpaSchema.or(z.literal('')),
  upiPayeeName: z.string().trim().max(100),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** GET /admin/settings also says which payment methods this server can offer at all. */
export const storeSettingsResponseSchema = z.object({
  settings: storeSettingsSchema,
  availablePaymentMethods: z.array(z.enum(paymentMethodIds)),
});
  /** delivery estimates: the dispatch PIN (its existence is the server's check) and each zone's days */
  dispatchPin: dispatchPinSchema,
  deliveryZones: deliveryZonesSchema,
