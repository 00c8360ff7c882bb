import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api-client';
import { messages } from '@store/contracts/common';
import {
  blankShippingMessage,
  cartToOrderProducts,
  emptyShippingForm,
  hasBlankShippingField,
  cartRefusal,
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

  it("names the server's refusal of the cart by its code, never raw validation text or other errors", () => {
    const refused = (
      status: number,
      error: string,
      code: ApiErrorCode,
      fields?: Record<string, string>,
    ) => new ApiError(status, error, { code, fields, body: { error, code, fields } });
    expect(
      cartRefusalText(
        refused(400, 'Some products are no longer available', 'cart_refused', {
          'products.p2': 'Unknown product',
        }),
      ),
    ).toBe('Some products are no longer available');
    expect(
      cartRefusalText(
        refused(400, 'Some sizes or colours are not available', 'cart_refused', {
          'lines.0.size': 'Not offered',
        }),
      ),
    ).toBe('Some sizes or colours are not available');
    // raw validation, shipping problems, other codes: the spec's generic text instead
    expect(
      cartRefusalText(
        refused(400, 'Invalid body: products.p1: Too big', 'invalid_input', {
          'products.p1': 'Too big',
        }),
      ),
    ).toBeUndefined();
    expect(
      cartRefusalText(
        refused(400, 'Invalid shipping address', 'invalid_input', { 'shippingAddress.city': 'x' }),
      ),
    ).toBeUndefined();
    expect(cartRefusalText(refused(400, 'Bad', 'bad_request'))).toBeUndefined();
    expect(
      cartRefusalText(refused(429, 'Too many attempts', 'rate_limited', { products: 'x' })),
    ).toBeUndefined();
    expect(cartRefusalText(new Error('network'))).toBeUndefined();
  });

  it('puts a refusal on the lines its fields name, and on none when it names none', () => {
    const lines = [
      { id: 'p1', name: 'Spiral Notebook' },
      { id: 'p2', name: 'Ink Bottle' },
    ];
    const short = 'Only 2 of Ink Bottle are left';
    expect(
      cartRefusal(
        new ApiError(409, short, {
          code: 'out_of_stock',
          fields: { 'products.p2': short },
          body: { error: short, code: 'out_of_stock', fields: { 'products.p2': short } },
        }),
        lines,
      ),
    ).toEqual({ message: short, byLine: { 1: short }, availableByLine: {} });
    // the product's name in the text is not read: only fields place a message on a line
    const cap = 'You already hold 10 units of Ink Bottle';
    expect(
      cartRefusal(
        new ApiError(409, cap, {
          code: 'fair_stock_limit',
          body: { error: cap, code: 'fair_stock_limit' },
        }),
        lines,
      ),
    ).toEqual({ message: cap, byLine: {}, availableByLine: {} });
    expect(
      cartRefusal(
        new ApiError(409, 'Taken', { code: 'conflict', body: { error: 'Taken' } }),
        lines,
      ),
    ).toBeUndefined();
  });

  it("reads what is left of each short line from the 409's fields, by line or by product", () => {
    const lines = [
      { id: 'p1', name: 'Spiral Notebook' },
      { id: 'p2', name: 'Ink Bottle' },
      { id: 'p2', name: 'Ink Bottle' },
    ];
    const fields = {
      'lines.0': 'Spiral Notebook is sold out',
      'lines.0.available': '0',
      'products.p2': 'Only 2 of Ink Bottle are left',
      'products.p2.available': '2',
    };
    const refusal = cartRefusal(
      new ApiError(409, fields['lines.0'], {
        code: 'out_of_stock',
        fields,
        body: { error: fields['lines.0'], code: 'out_of_stock', fields },
      }),
      lines,
    );
    expect(refusal?.availableByLine).toEqual({ 0: 0, 1: 2, 2: 2 });
    // the number is not a message
    expect(refusal?.byLine).toEqual({
      0: 'Spiral Notebook is sold out',
      1: 'Only 2 of Ink Bottle are left',
      2: 'Only 2 of Ink Bottle are left',
    });
  });
});
