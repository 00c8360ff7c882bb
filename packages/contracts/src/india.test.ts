import { describe, expect, it } from 'vitest';
import {
  formatPhoneInput,
  normalizeIndianMobile,
  pinCodeSchema,
  indianStatesAndUts,
} from './india';

describe('Indian address rules', () => {
  it('accepts mobile numbers with or without +91 and returns the 10 digits', () => {
    expect(normalizeIndianMobile('+91 98765 43210')).toBe('9876543210');
    expect(normalizeIndianMobile('9876543210')).toBe('9876543210');
    expect(normalizeIndianMobile('09876543210')).toBe('9876543210');
  });
  it('rejects landlines, short numbers and numbers starting below 6', () => {
    expect(normalizeIndianMobile('5876543210')).toBeNull();
    expect(normalizeIndianMobile('98765')).toBeNull();
    expect(normalizeIndianMobile('+1 415 555 0100')).toBeNull();
  });
  it('checks PIN codes: six digits, not starting with 0', () => {
    expect(pinCodeSchema.safeParse('560001').success).toBe(true);
    expect(pinCodeSchema.safeParse('060001').success).toBe(false);
    expect(pinCodeSchema.safeParse('56001').success).toBe(false);
  });
  it('lists 28 states and 8 union territories', () => {
    expect(indianStatesAndUts).toHaveLength(36);
  });
});

describe('formatPhoneInput (checkout and payment phone fields)', () => {
  it.each([
    ['+91', '+91'],
    ['+9', '+91'],
    ['+91 98765-43210', '+919876543210'],
    ['+91 98765-432109', '+919876543210'],
    ['+9198a7', '+91987'],
    ['98765 43210', '+919876543210'],
    ['9876543210123', '+919876543210'],
    ['9112345678', '+919112345678'],
    ['+919112345678', '+919112345678'],
    ['919876543210', '+919876543210'],
    ['09876543210', '+919876543210'],
  ])('%j -> %j', (raw, expected) => {
    expect(formatPhoneInput(raw)).toBe(expected);
  });

  it('keeps the prefix when cleared, unless the field may stay empty', () => {
    expect(formatPhoneInput('')).toBe('+91');
    expect(formatPhoneInput('  ')).toBe('+91');
    expect(formatPhoneInput('', { allowEmpty: true })).toBe('');
    expect(formatPhoneInput('+9', { allowEmpty: true })).toBe('+91');
  });
});
