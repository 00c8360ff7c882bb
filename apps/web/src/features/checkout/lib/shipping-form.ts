import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, type ApiErrorCode } from '@/lib/api-client';
import {
  shippingAddressFieldNames,
  shippingAddressSchema,
  type ShippingAddress,
} from '@store/contracts/orders';
import { normalizeIndianMobile, PHONE_PREFIX } from '@store/contracts/india';

export const shippingFieldNames = shippingAddressFieldNames;
export type ShippingFieldName = (typeof shippingFieldNames)[number];
export type ShippingFormValues = Record<ShippingFieldName, string>;
export type ShippingFieldErrors = Partial<Record<ShippingFieldName, string>>;

export const emptyShippingForm: ShippingFormValues = {
  fullName: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  phone: PHONE_PREFIX,
};

function isShippingField(name: string): name is ShippingFieldName {
  return (shippingFieldNames as readonly string[]).includes(name);
}

/** Spec section 5: every field must be non-blank after trimming (the bare +91 prefix counts as blank). */
export function hasBlankShippingField(values: ShippingFormValues): boolean {
  return shippingFieldNames.some((name) => {
    const value = values[name].trim();
    return value === '' || (name === 'phone' && value === PHONE_PREFIX);
  });
}

/** Trimmed values, phone as +91 and its 10 digits. */
export function toShippingAddress(values: ShippingFormValues): ShippingAddress {
  const trimmed = Object.fromEntries(
    shippingFieldNames.map((name) => [name, values[name].trim()]),
  ) as ShippingFormValues;
  const digits = normalizeIndianMobile(trimmed.phone);
  return { ...trimmed, phone: digits ? `${PHONE_PREFIX}${digits}` : trimmed.phone };
}

/** What section 5 says when a field is blank (under the toast title 'Please fill all fields'). */
export const blankShippingMessage = 'All shipping information fields are required';

/**
 * The checkout form. A blank field stops it with one message for the whole form, set on the
 * form's root so that no field is marked (section 5); only then do the Indian address rules the
 * server also checks (contracts' shippingAddressSchema: PIN, mobile, state) give a message per
 * field. The output is the address POST /orders takes.
 */
export const shippingFormSchema = z
  .object(
    Object.fromEntries(shippingFieldNames.map((name) => [name, z.string()])) as Record<
      ShippingFieldName,
      z.ZodString
    >,
  )
  .refine((values) => !hasBlankShippingField(values), {
    message: blankShippingMessage,
    path: ['root'],
  })
  .pipe(shippingAddressSchema)
  .transform(toShippingAddress);

export type ShippingForm = UseFormReturn<ShippingFormValues, unknown, ShippingAddress>;

/** POST /orders wants product id → quantity; lines of one product in several sizes add up. */
export function cartToOrderProducts(
  lines: readonly { id: string; quantity: number }[],
): Record<string, number> {
  const products: Record<string, number> = {};
  for (const line of lines) products[line.id] = (products[line.id] ?? 0) + line.quantity;
  return products;
}

/**
 * The server's 400 body names wrong inputs in `fields`, as `postalCode` or
 * `shippingAddress.postalCode`; keep the ones this form shows.
 */
export function serverShippingErrors(
  fields: Record<string, string> | undefined,
): ShippingFieldErrors {
  const errors: ShippingFieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const name = key.split('.').pop() ?? '';
    if (isShippingField(name)) errors[name] = message;
  }
  return errors;
}

/**
 * The codes of a refusal of the cart itself, which trying again later would not fix: a product
 * gone or a size to choose (400 cart_refused), a line wanting more than is left (409
 * out_of_stock), the shopper's cap on unpaid orders or held units (409 fair_stock_limit). Raw
 * validation (invalid_input) and everything else keep the spec's 'Please try again later'
 * (docs/decisions/web-cart-open-choices.md).
 */
const cartRefusalCodes: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'cart_refused',
  'out_of_stock',
  'fair_stock_limit',
]);

/** The server's own words when it refused the cart itself (see cartRefusalCodes). */
export function cartRefusalText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !cartRefusalCodes.has(error.code as ApiErrorCode))
    return undefined;
  return error.serverText;
}

/** What the checkout shows when the server refused the cart: one text, and one per line. */
export interface CartRefusal {
  message: string;
  /** message by the line's position in the order's `lines` (the cart's order) */
  byLine: Record<number, string>;
  /** units left by the line's position, for a short line (out_of_stock's `<key>.available`) */
  availableByLine: Record<number, number>;
}

/**
 * A refusal of the cart ("Only 2 of Spiral Notebook are left", "… is sold out", "Choose a size
 * for …"). The server names each line it is about in `fields`, as `lines.<i>` (or
 * `lines.<i>.size`) or `products.<id>`, and for a short line what is left as
 * `<that key>.available`; a refusal with no line (too many unpaid orders) has none.
 */
export function cartRefusal(
  error: unknown,
  lines: readonly { id: string; name: string }[],
): CartRefusal | undefined {
  const message = cartRefusalText(error);
  if (!message || !(error instanceof ApiError)) return undefined;
  const byLine: Record<number, string> = {};
  const availableByLine: Record<number, number> = {};
  const linesOf = (key: string): number[] => {
    const index = /^lines\.(\d+)$/.exec(key)?.[1];
    if (index !== undefined) return Number(index) < lines.length ? [Number(index)] : [];
    const productId = /^products\.(.+)$/.exec(key)?.[1];
    return lines.flatMap((line, i) => (line.id === productId ? [i] : []));
  };
  for (const [key, value] of Object.entries(error.fields ?? {})) {
    const available = /^(.+)\.available$/.exec(key)?.[1];
    if (available !== undefined) {
      const units = Number(value);
      if (Number.isInteger(units) && units >= 0)
        for (const i of linesOf(available)) availableByLine[i] = units;
      continue;
    }
    const said = typeof value === 'string' && value.trim() ? value : message;
    // lines.<i>.size and the like: the line is lines.<i>
    const lineKey = /^(lines\.\d+)\b/.exec(key)?.[1] ?? key;
    for (const i of linesOf(lineKey)) byLine[i] ??= said;
  }
  return { message, byLine, availableByLine };
}
