import { z } from 'zod';
import { normalizeIndianMobile } from './india';
import { shippingAddressSchema } from './orders';

/**
 * A signed-in shopper's address book (/account/addresses; GET/POST /account/addresses,
 * PUT/DELETE /account/addresses/{id}, POST /account/addresses/{id}/default). Each address has the
 * checkout's six shipping fields under the checkout's own rules (shippingAddressSchema: PIN of six
 * digits, Indian mobile, a state from the list) and an optional label.
 */

/** How many addresses one account may keep: enough for home, work, family and a few gifts. */
export const ADDRESS_BOOK_MAX = 20;

export const addressBookFullMessage = `You can keep up to ${ADDRESS_BOOK_MAX} addresses. Please delete one to add another.`;
export const addressExistsMessage = 'This address is already in your address book';
export const addressNotFoundMessage = 'Address not found';

export const addressLabels = ['home', 'work'] as const;
export type AddressLabel = (typeof addressLabels)[number];
/** As a shop writes them on a label. */
export const addressLabelText: Record<AddressLabel, string> = { home: 'Home', work: 'Work' };

/** POST /account/addresses and PUT /account/addresses/{id}: the address and an optional label. */
export const addressBodySchema = shippingAddressSchema
  .extend({
    label: z.enum(addressLabels).nullable().optional(),
    /** make this the default (the first address is the default anyway) */
    isDefault: z.boolean().optional(),
  })
  .strict();
export type AddressBody = z.input<typeof addressBodySchema>;

export const savedAddressSchema = z.object({
  id: z.string(),
  label: z.enum(addressLabels).nullable(),
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  /** six digits */
  postalCode: z.string(),
  /** +91 and ten digits */
  phone: z.string(),
  /** exactly one address is the default while the book has any */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** GET /account/addresses: the default first, then the newest. */
export const addressListResponseSchema = z.object({ data: z.array(savedAddressSchema) });
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;
export const addressResponseSchema = z.object({ data: savedAddressSchema });

/** Any id that names no address of the caller's (another shopper's, or not an id at all) is a 404. */
export const addressParamsSchema = z.object({ addressId: z.string().max(64) });

/**
 * One key for the same address however it was typed: case, spaces and the commas, dots and
 * dashes between words do not make another address ("12, M.G. Road" and "12 m g road"), nor does
 * the phone's +91. The server keeps one entry per key; the checkout offers "Save this address"
 * only for an address whose key is not in the book.
 */
export function addressMatchKey(a: {
  fullName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}): string {
  const words = (v: string) =>
    v
      .toLowerCase()
      .replace(/[\s,.\-/#]+/g, ' ')
      .trim();
  const phone = normalizeIndianMobile(a.phone.trim()) ?? a.phone;
  const pin = a.postalCode.replace(/\s/g, '');
  return [a.fullName, a.address, a.city, a.state, pin, phone].map(words).join('|');
}
