import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { messages } from '@store/contracts/common';
import {
  blankShippingMessage,
  cartToOrderProducts,
  emptyShippingForm,
  hasBlankShippingField,
  cartRefusalText,
  serverShippingErrors,
  shippingFormSchema,
  toShippingAddress,
  type ShippingFormValues,
} from './shipping-form';

/** The schema's first message per field, as the form shows them. */
function shippingFieldErrors(values: ShippingFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of shippingFormSchema.safeParse(values).error?.issues ?? []) {
    errors[String(issue.path[0])] ??= issue.message;
  }
  return errors;
}

const valid: ShippingFormValues = {
  fullName: ' Asha Rao ',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '+919876543210',
};

describe('shipping form', () => {
  it('finds blank fields after trimming, counting a bare +91 as blank', () => {
    expect(hasBlankShippingField(valid)).toBe(false);
    expect(hasBlankShippingField(emptyShippingForm)).toBe(true);
    expect(hasBlankShippingField({ ...valid, city: '   ' })).toBe(true);
    expect(hasBlankShippingField({ ...valid, phone: '+91' })).toBe(true);
  });
  it('reports PIN, phone and state problems per field', () => {
    expect(shippingFieldErrors(valid)).toEqual({});
    expect(
      shippingFieldErrors({ ...valid, postalCode: '060001', phone: '+9112345', state: 'Atlantis' }),
    ).toEqual({
      postalCode: messages.pinCode,
      phone: messages.indianMobile,
      state: messages.stateUnknown,
    });
  });
  it('stops a blank form with one message on its root, marking no field', () => {
    expect(shippingFieldErrors({ ...valid, city: ' ', postalCode: '0' })).toEqual({
      root: blankShippingMessage,
    });
    expect(shippingFieldErrors({ ...valid, phone: '+91' })).toEqual({ root: blankShippingMessage });
  });
  it('gives POST /orders the trimmed address with the phone as +91 and 10 digits', () => {
    expect(shippingFormSchema.parse({ ...valid, phone: '98765 43210' })).toEqual({
      ...valid,
      fullName: 'Asha Rao',
      phone: '+919876543210',
    });
  });
  it('trims values and writes the phone as +91 and 10 digits', () => {
    expect(toShippingAddress({ ...valid, phone: '98765 43210' })).toEqual({
      ...valid,
      fullName: 'Asha Rao',
      phone: '+919876543210',
    });
  });
  it('adds up quantities per product id', () => {
    expect(
      cartToOrderProducts([
        { id: 'p1', quantity: 2 },
        { id: 'p2', quantity: 1 },
        { id: 'p1', quantity: 3 },
      ]),
    ).toEqual({ p1: 5, p2: 1 });
  });
  it('keeps the server field errors this form shows', () => {
    expect(
      serverShippingErrors({
        'shippingAddress.postalCode': 'Bad PIN',
        phone: 'Bad phone',
        products: 'x',
      }),
    ).toEqual({ postalCode: 'Bad PIN', phone: 'Bad phone' });
    expect(serverShippingErrors(undefined)).toEqual({});
  });

  it("names the server's refusal of the cart, but never raw validation text or other errors", () => {
    const refused = (status: number, error: string, fields?: Record<string, string>) =>
      new ApiError(status, error, fields, { error, fields });
    expect(
      cartRefusalText(
        refused(400, 'Some products are no longer available', { 'products.p2': 'Unknown product' }),
      ),
    ).toBe('Some products are no longer available');
    expect(
      cartRefusalText(
        refused(400, 'Some sizes or colours are not available', { 'lines.0.size': 'Not offered' }),
      ),
    ).toBe('Some sizes or colours are not available');
    // raw zod text, shipping problems, no fields, other statuses: the spec's generic text instead
    expect(
      cartRefusalText(
        refused(400, 'Invalid body: products.p1: Too big', { 'products.p1': 'Too big' }),
      ),
    ).toBeUndefined();
    expect(
      cartRefusalText(refused(400, 'Invalid shipping address', { 'shippingAddress.city': 'x' })),
    ).toBeUndefined();
    expect(cartRefusalText(refused(400, 'Bad'))).toBeUndefined();
    expect(cartRefusalText(refused(429, 'Too many attempts', { products: 'x' }))).toBeUndefined();
    expect(cartRefusalText(new Error('network'))).toBeUndefined();
  });
});
