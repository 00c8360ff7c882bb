import { gstinMessages } from '@store/contracts/gst';
import { formatInr, paiseToRupees } from '@store/contracts/money';
import type { PaymentField } from '@store/contracts/payments';
import { COD_METHOD, type PaymentMethod } from './payment-config';
import { providerDefinitions } from './providers/definitions';

/** Each method's words in the form: its provider's (providers/definitions.ts), and cash on delivery. */
const methodLabels = Object.fromEntries([
  ...providerDefinitions.flatMap((d) => Object.entries(d.methods)),
  [COD_METHOD, 'Cash on delivery (pay when your order arrives)'],
]) as Record<PaymentMethod, string>;

export interface FieldDefaults {
  payerName?: string;
  email?: string;
  /** +91 and ten digits */
  phone?: string | undefined;
  /** the store's cash-on-delivery fee in paise: named beside the method, before it is chosen */
  codFeePaise?: number;
}

/** The method's words, with the cash-on-delivery fee when the store charges one. */
function methodLabel(method: PaymentMethod, codFeePaise: number): string {
  if (method !== 'cod' || codFeePaise <= 0) return methodLabels[method];
  return `Cash on delivery (pay when your order arrives; ${formatInr(paiseToRupees(codFeePaise))} fee)`;
}

/**
 * The payment form of GET /payments/fields. Every feature of spec section 3 is used where it fits:
 * each type except password (nothing secret is ever typed into a merchant's form), select options,
 * inline, mask, rules (pattern as /regex/flags), rulesMessages ([0] required, [1] format),
 * defaultValue and showWhenFilled. POST /payments validates against this same list.
 */
export function paymentFieldDefinitions(
  methods: readonly PaymentMethod[],
  defaults: FieldDefaults = {},
): PaymentField[] {
  return [
    {
      name: 'method',
      label: 'Payment method',
      placeholder: 'Choose how to pay',
      type: 'select',
      options: methods.map((m) => ({ value: m, label: methodLabel(m, defaults.codFeePaise ?? 0) })),
      rules: { required: true },
      rulesMessages: ['Please choose a payment method'],
    },
    {
      name: 'upiId',
      label: 'Your UPI ID (optional)',
      placeholder: 'name@bank',
      description: 'For UPI payments: the UPI ID you will pay from, so we can match your payment.',
      type: 'text',
      rules: { maxLength: 50, pattern: '/^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/i' },
      rulesMessages: ['Please enter your UPI ID', 'Enter a UPI ID like name@bank'],
      showWhenFilled: ['method'],
      // only for the UPI methods: with a card or cash on delivery it asked for nothing useful
      showWhenValue: { method: methods.filter((m) => m === 'upi_qr' || m === 'upi_app') },
    },
    {
      name: 'payerName',
      label: 'Name of the payer',
      placeholder: 'As on your bank account',
      type: 'text',
      rules: { required: true, minLength: 2, maxLength: 60 },
      rulesMessages: ['Please enter the name of the payer'],
      ...(defaults.payerName ? { defaultValue: defaults.payerName } : {}),
    },
    {
      name: 'email',
      label: 'Email for the receipt',
      placeholder: 'you@example.com',
      type: 'email',
      rules: { required: true, maxLength: 254 },
      rulesMessages: ['Please enter your email address'],
      ...(defaults.email ? { defaultValue: defaults.email } : {}),
    },
    {
      name: 'phone',
      label: 'Mobile number',
      placeholder: '+91XXXXXXXXXX',
      description: 'For the courier, and for us if there is a question about your payment.',
      type: 'tel',
      mask: '+919999999999',
      rules: { required: true, pattern: '/^\\+91[6-9]\\d{9}$/' },
      rulesMessages: ['Please enter your mobile number'],
      ...(defaults.phone ? { defaultValue: defaults.phone } : {}),
    },
    {
      name: 'companyName',
      label: 'Business name (optional, for a GST invoice)',
      placeholder: 'Registered business name',
      type: 'text',
      rules: { maxLength: 100 },
    },
    {
      name: 'gstin',
      label: 'GSTIN',
      placeholder: '29ABCDE1234F1ZW',
      description: '15 characters, as on the GST registration certificate.',
      type: 'text',
      // 9 a digit, A a letter, * either: the 13th and the check character may be letters
      mask: '99AAAAA9999A*Z*',
      rules: {
        required: true,
        minLength: 15,
        maxLength: 15,
        pattern: '/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/i',
      },
      rulesMessages: ['Please enter the GSTIN of the business', gstinMessages.format],
      showWhenFilled: ['companyName'],
    },
    {
      name: 'billingAddress',
      label: 'Registered business address',
      type: 'textarea',
      rules: { maxLength: 300 },
      showWhenFilled: ['gstin'],
    },
    {
      name: 'billingPincode',
      label: 'PIN code of the business address',
      placeholder: '560001',
      type: 'number',
      rules: { pattern: '/^[1-9][0-9]{5}$/' },
      rulesMessages: [
        'Please enter the PIN code',
        'PIN code must be 6 digits and cannot start with 0',
      ],
      showWhenFilled: ['gstin'],
    },
    {
      name: 'consent',
      label: 'I agree to the terms of sale and the refund policy',
      type: 'checkbox',
      inline: true,
      defaultValue: false,
      rules: { required: true },
      rulesMessages: ['Please accept the terms to continue'],
    },
  ];
}
