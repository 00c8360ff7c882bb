import { describe, expect, it } from 'vitest';
import { normalizeIndianMobile, pinCodeSchema, indianStatesAndUts } from './india';

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
