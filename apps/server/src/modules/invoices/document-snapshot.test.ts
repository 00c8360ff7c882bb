import { describe, expect, it } from 'vitest';
import { splitLineTax } from '@store/contracts/gst';
import { creditLines, withLineTotal, type SnapshotLine } from './document-snapshot';

const line = (position: number, grossPaise: number, rateBp: number, intra = true): SnapshotLine =>
  withLineTotal({
    position,
    description: `Line ${position}`,
    hsnCode: '9608',
    quantity: 1,
    unitPricePaise: grossPaise,
    rateBp,
    ...splitLineTax(grossPaise, rateBp, intra),
  });

const sum = (lines: SnapshotLine[]) => lines.reduce((s, l) => s + l.totalPaise, 0);

describe('creditLines', () => {
  it('returns every line exactly when the whole invoice is refunded', () => {
    const lines = [line(0, 39900, 1800), line(1, 12345, 500), line(2, 33000, 0)];
    const credit = creditLines(lines, new Map(), 85245, true);
    expect(credit).toEqual(lines);
  });

  it('spreads a partial refund by value in whole paise, each share taxed at its own rate', () => {
    const lines = [line(0, 39900, 1800), line(1, 10000, 500)];
    const credit = creditLines(lines, new Map(), 10001, false);
    expect(sum(credit)).toBe(10001);
    // 10001 × 399/499 = 7996.8 → 7996; the last line takes the rest
    expect(credit.map((l) => l.totalPaise)).toEqual([7996, 2005]);
    expect(credit[0]).toMatchObject({ quantity: null, ...splitLineTax(7996, 1800, false) });
    expect(credit[1]).toMatchObject(splitLineTax(2005, 500, false));
  });

  it('never gives a line more than it has left', () => {
    const lines = [line(0, 1, 1800), line(1, 1, 1800), line(2, 1, 1800)];
    const credit = creditLines(lines, new Map(), 2, true);
    expect(sum(credit)).toBe(2);
    for (const l of credit) expect(l.totalPaise).toBeLessThanOrEqual(1);
  });

  it('after a partial credit, the rest returns exactly what remains of each line', () => {
    const lines = [line(0, 39900, 1800), line(1, 10000, 500)];
    const first = creditLines(lines, new Map(), 10001, true);
    const credited = new Map(first.map((l) => [l.position, l]));
    const rest = creditLines(lines, credited, 49900 - 10001, true);
    for (const original of lines) {
      const back = [...first, ...rest].filter((l) => l.position === original.position);
      for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const)
        expect(back.reduce((s, l) => s + l[key], 0)).toBe(original[key]);
    }
  });

  it('refuses more than is left', () => {
    expect(() => creditLines([line(0, 100, 1800)], new Map(), 101, true)).toThrow(RangeError);
  });
});
