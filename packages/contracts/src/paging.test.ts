import { describe, expect, it } from 'vitest';
import { lastPage, pageCount, parsePage } from './paging';

describe('parsePage', () => {
  it('reads a page number and falls back to the first page for anything else', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('2abc')).toBe(2);
    for (const junk of [
      null,
      undefined,
      '',
      ' ',
      '0',
      '-2',
      'abc',
      '1e400',
      '99999999999999999999',
    ])
      expect(parsePage(junk), String(junk)).toBe(1);
  });
});

describe('pageCount and lastPage', () => {
  it('counts partly filled pages and caps at the served window', () => {
    expect(pageCount(0, 24)).toBe(0);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(10_000, 24, 416)).toBe(416);
    expect(lastPage(0, 24)).toBe(1);
    expect(lastPage(49, 24)).toBe(3);
    expect(lastPage(10_000, 24, 416)).toBe(416);
  });
});
