import { describe, expect, it } from 'vitest';
import { gstinMessages } from './gst';
import type { PaymentField } from './payments';
import {
  initialPaymentValues,
  inputMaxLength,
  isBlankValue,
  isPaymentFieldVisible,
  isPaymentSubmitDisabled,
  isPhoneField,
  parseRulePattern,
  validatePaymentField,
  validatePaymentFields,
  visiblePaymentValues,
} from './payment-rules';

const text = (over: Partial<PaymentField> = {}): PaymentField => ({
  name: 'payerName',
  label: 'Name',
  type: 'text',
  ...over,
});
const phone = (rules: PaymentField['rules'] = {}): PaymentField => ({
  name: 'phone',
  label: 'Phone',
  type: 'tel',
  rules,
});

describe('blank values and visibility', () => {
  it('treats whitespace, false and undefined as blank', () => {
    expect(isBlankValue('  ')).toBe(true);
    expect(isBlankValue(false)).toBe(true);
    expect(isBlankValue(undefined)).toBe(true);
    expect(isBlankValue(true)).toBe(false);
    expect(isBlankValue(' x ')).toBe(false);
  });
  it('shows a field with no showWhenFilled, or when any named field is filled', () => {
    expect(isPaymentFieldVisible(text(), {})).toBe(true);
    expect(isPaymentFieldVisible(text({ showWhenFilled: [] }), {})).toBe(true);
    const dep = text({ name: 'gstin', showWhenFilled: ['company', 'other'] });
    expect(isPaymentFieldVisible(dep, { company: ' ' })).toBe(false);
    expect(isPaymentFieldVisible(dep, { other: 'x' })).toBe(true);
  });
  it('with showWhenValue, shows a field only for the listed values (the UPI ID for UPI only)', () => {
    const upiId = text({
      name: 'upiId',
      showWhenFilled: ['method'],
      showWhenValue: { method: ['upi_qr', 'upi_app'] },
    });
    expect(isPaymentFieldVisible(upiId, { method: 'upi_qr' })).toBe(true);
    expect(isPaymentFieldVisible(upiId, { method: 'upi_app' })).toBe(true);
    expect(isPaymentFieldVisible(upiId, { method: 'cod' })).toBe(false);
    expect(isPaymentFieldVisible(upiId, { method: 'gateway' })).toBe(false);
    expect(isPaymentFieldVisible(upiId, {})).toBe(false);
    // a hidden field has no error, so a stray value sent with cash on delivery is not refused
    expect(validatePaymentFields([upiId], { method: 'cod', upiId: 'not a vpa' })).toEqual({});
  });
});

describe('patterns', () => {
  it('reads /regex/flags and bare expressions', () => {
    expect(parseRulePattern('/^ab$/i')?.test('AB')).toBe(true);
    expect(parseRulePattern('^ab$')?.test('AB')).toBe(false);
    expect(parseRulePattern('/a\\/b/')?.test('a/b')).toBe(true);
  });
  it('drops stateful flags and ignores invalid expressions', () => {
    const re = parseRulePattern('/a/g');
    expect(re?.test('a')).toBe(true);
    expect(re?.test('a')).toBe(true);
    expect(parseRulePattern('/(/')).toBeNull();
  });
});

describe('required and submit state', () => {
  const fields = [
    text({ rules: { required: true } }),
    text({ name: 'gstin', showWhenFilled: ['company'], rules: { required: true } }),
  ];
  it('disables submit while loading or while a visible required field is blank', () => {
    expect(isPaymentSubmitDisabled(fields, { payerName: 'A' }, true)).toBe(true);
    expect(isPaymentSubmitDisabled(fields, { payerName: ' ' }, false)).toBe(true);
    expect(isPaymentSubmitDisabled(fields, { payerName: 'A' }, false)).toBe(false);
    expect(isPaymentSubmitDisabled(fields, { payerName: 'A', company: 'X' }, false)).toBe(true);
  });
  it('uses the first rulesMessages entry, else the default message', () => {
    expect(validatePaymentField(text({ rules: { required: true } }), '', {})).toBe(
      'This field is required',
    );
    expect(
      validatePaymentField(
        text({ rules: { required: true }, rulesMessages: ['Name please'] }),
        '',
        {},
      ),
    ).toBe('Name please');
    const consent: PaymentField = {
      name: 'consent',
      label: 'I agree',
      type: 'checkbox',
      rules: { required: true },
    };
    expect(validatePaymentField(consent, false, {})).toBe('This field is required');
    expect(validatePaymentField(consent, true, {})).toBeNull();
  });
  it('skips hidden fields and blank optional fields', () => {
    expect(validatePaymentFields(fields, { payerName: 'Asha' })).toEqual({});
    expect(validatePaymentFields(fields, { payerName: 'Asha', company: 'X' })).toEqual({
      gstin: 'This field is required',
    });
  });
});

describe('text, email, select and number rules', () => {
  it('checks email fields', () => {
    const email = text({ name: 'email', type: 'email' });
    expect(validatePaymentField(email, 'a@b', {})).toBe('Please enter a valid email address');
    expect(validatePaymentField(email, 'a@b.in', {})).toBeNull();
  });
  it('checks min and max length', () => {
    const f = text({ rules: { minLength: 2, maxLength: 4 } });
    expect(validatePaymentField(f, 'a', {})).toBe('Must be at least 2 characters');
    expect(validatePaymentField(f, 'abcde', {})).toBe('Must be no more than 4 characters');
    expect(validatePaymentField(f, 'abc', {})).toBeNull();
  });
  it('checks patterns with the second rulesMessages entry or a default', () => {
    const f = text({
      name: 'code',
      rules: { pattern: '/^[0-9]{2}[A-Z]{5}$/' },
      rulesMessages: ['x', 'Enter a valid code'],
    });
    expect(validatePaymentField(f, '12abc', {})).toBe('Enter a valid code');
    expect(validatePaymentField(f, '12ABCDE', {})).toBeNull();
    expect(validatePaymentField(text({ rules: { pattern: '^a$' } }), 'b', {})).toBe(
      'Invalid format',
    );
  });
  it('checks a field named gstin for its state code and check character too', () => {
    const f = text({
      name: 'gstin',
      rules: {
        minLength: 15,
        maxLength: 15,
        pattern: '/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/i',
      },
      rulesMessages: ['x', gstinMessages.format],
    });
    expect(validatePaymentField(f, '29ABCDE1234F1ZW', {})).toBeNull();
    expect(validatePaymentField(f, '29abcde1234f1zw', {})).toBeNull();
    // one wrong character: the pattern passes, the check character does not
    expect(validatePaymentField(f, '29ABCDE1234F1Z5', {})).toBe(gstinMessages.checkCharacter);
    expect(validatePaymentField(f, '00ABCDE1234F1ZG', {})).toBe(gstinMessages.stateCode);
    expect(validatePaymentField(f, '29ABCDE1234F1X5', {})).toBe(gstinMessages.format);
    // the same words from the form-wide check both sides run
    expect(validatePaymentFields([f], { gstin: '29ABCDE1234F1Z5' })).toEqual({
      gstin: gstinMessages.checkCharacter,
    });
  });
  it('accepts only listed select options and numeric numbers', () => {
    const select = text({ type: 'select', options: [{ label: 'A', value: 'a' }] });
    expect(validatePaymentField(select, 'b', {})).toBe('Please choose one of the options');
    expect(validatePaymentField(select, 'a', {})).toBeNull();
    expect(validatePaymentField(text({ type: 'number' }), '12x', {})).toBe('Please enter a number');
  });
});

describe('phone rules', () => {
  it('recognises tel fields and names containing phone', () => {
    expect(isPhoneField({ name: 'x', type: 'tel' })).toBe(true);
    expect(isPhoneField({ name: 'payerPhone', type: 'text' })).toBe(true);
    expect(isPhoneField({ name: 'email', type: 'email' })).toBe(false);
  });
  it('defaults the maximum length to 13', () => {
    expect(inputMaxLength(phone())).toBe(13);
    expect(inputMaxLength(phone({ maxLength: 15 }))).toBe(15);
    expect(inputMaxLength(text())).toBeUndefined();
  });
  it('gives each phone message', () => {
    expect(validatePaymentField(phone(), '9876543210', {})).toBe(
      'Phone number must start with +91',
    );
    expect(validatePaymentField(phone(), '+91987', {})).toBe(
      'Phone number must be 13 characters (including +91)',
    );
    expect(validatePaymentField(phone({ minLength: 13 }), '+91987', {})).toBe(
      'Phone number must have at least 13 characters',
    );
    expect(validatePaymentField(phone({ maxLength: 12 }), '+919876543210', {})).toBe(
      'Phone number must have no more than 12 characters',
    );
    expect(
      validatePaymentField(phone({ pattern: '/^\\+91[6-9]\\d{9}$/' }), '+911234567890', {}),
    ).toBe('Invalid phone number format');
    expect(
      validatePaymentField(phone({ pattern: '/^\\+91[6-9]\\d{9}$/' }), '+919876543210', {}),
    ).toBeNull();
    expect(validatePaymentField(phone(), '+9198765x3210', {})).toBe('Invalid phone number format');
  });
  it('prefills required phone fields with +91 and applies defaults', () => {
    const fields: PaymentField[] = [
      phone({ required: true }),
      { name: 'altPhone', label: 'Alt', type: 'tel' },
      { name: 'method', label: 'Method', type: 'select', defaultValue: 'upi_qr' },
      { name: 'consent', label: 'Consent', type: 'checkbox' },
    ];
    expect(initialPaymentValues(fields)).toEqual({
      phone: '+91',
      altPhone: '',
      method: 'upi_qr',
      consent: false,
    });
  });
});

describe('value kinds', () => {
  it('refuses a boolean in a text field and a string in a checkbox', () => {
    expect(validatePaymentField(text({ name: 'method', type: 'select' }), true, {})).toBe(
      'Invalid format',
    );
    expect(validatePaymentField({ name: 'consent', label: 'C', type: 'checkbox' }, 'yes', {})).toBe(
      'Invalid format',
    );
  });
});

describe('submitted values', () => {
  it('keeps only visible fields, trimmed', () => {
    const fields = [
      text(),
      text({ name: 'gstin', showWhenFilled: ['company'] }),
      text({ name: 'company' }),
    ];
    expect(visiblePaymentValues(fields, { payerName: ' Asha ', gstin: 'X', company: '' })).toEqual({
      payerName: 'Asha',
      company: '',
    });
  });
});
