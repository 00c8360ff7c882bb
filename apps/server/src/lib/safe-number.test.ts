import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { safeNumber } from './safe-number';

describe('safeNumber', () => {
  it('reads what either driver answers for a sum or a count, exactly', () => {
    expect(safeNumber(5_00_00_00_000)).toBe(5_00_00_00_000);
    expect(safeNumber('50000000000')).toBe(50_000_000_000);
    expect(safeNumber(' -12 ')).toBe(-12);
    expect(safeNumber(50_000_000_000n)).toBe(50_000_000_000);
    expect(safeNumber('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(safeNumber('1234.5')).toBe(1234.5);
  });

  it('refuses a value past Number.MAX_SAFE_INTEGER instead of rounding it', () => {
    for (const v of ['9007199254740993', 9007199254740993n, -9007199254740993n, 2 ** 60, '1e300']) {
      expect(() => safeNumber(v)).toThrow(HttpError);
    }
    expect(() => safeNumber('9007199254740993')).toThrow(/too large/);
  });

  it('refuses what is not a number at all', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Infinity, {}]) {
      expect(() => safeNumber(v)).toThrow(HttpError);
    }
  });
});
