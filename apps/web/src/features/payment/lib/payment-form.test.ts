import { describe, expect, it } from 'vitest';
import type { PaymentField } from '@store/contracts/payments';
import { initialPaymentFormValues, paymentFormSchema } from './payment-form';

const fields: PaymentField[] = [
  { name: 'billing.email', label: 'Email', type: 'email', rules: { required: true } },
  { name: 'phone', label: 'Mobile', type: 'tel', rules: { required: true } },
  { name: 'company', label: 'Company', type: 'text' },
  { name: 'gstin', label: 'GSTIN', type: 'text', showWhenFilled: ['company'] },
  { name: 'consent', label: 'I agree', type: 'checkbox', rules: { required: true } },
];

describe('payment form schema', () => {
  it('starts from the rules of contracts, keyed by position', () => {
    expect(initialPaymentFormValues(fields)).toEqual({
      field0: '',
      field1: '+91',
      field2: '',
      field3: '',
      field4: false,
    });
  });

  it("sets each rule's message on its field's key, dotted names included", () => {
    const result = paymentFormSchema(fields).safeParse(initialPaymentFormValues(fields));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['field0', 'This field is required'],
      ['field1', 'Phone number must be 13 characters (including +91)'],
      ['field4', 'This field is required'],
    ]);
  });

  it('outputs the visible values by name, trimmed', () => {
    const values = {
      field0: ' asha@example.in ',
      field1: '+919876543210',
      field2: '',
      field3: 'hidden while company is blank',
      field4: true,
    };
    expect(paymentFormSchema(fields).parse(values)).toEqual({
      'billing.email': 'asha@example.in',
      phone: '+919876543210',
      company: '',
      consent: true,
    });
  });
});
