import { describe, expect, it } from 'vitest';
import { guardCell, toCsv, unguardCell } from './csv';

describe('cells', () => {
  it('guards formulas on the way out and reads them back unchanged', () => {
    for (const text of ['=SUM(A1)', '+91', '-5% off', '@me', "'=x", 'plain', "it's", '-59.80']) {
      expect(unguardCell(guardCell(text))).toBe(text);
    }
    expect(guardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', '=1+1']])).toBe(
      '\uFEFF"a,b","say ""hi""","two\nlines",\'=1+1\r\n',
    );
  });

  it("leaves a plain number a number (a credit note's −59.80 stays summable), not a formula", () => {
    expect(guardCell('-59.80')).toBe('-59.80');
    expect(guardCell('-1')).toBe('-1');
    expect(guardCell('-1+1')).toBe("'-1+1");
  });
});
