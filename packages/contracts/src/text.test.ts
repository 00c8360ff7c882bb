import { describe, expect, it } from 'vitest';
import { countOf } from './text';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(2, 'order')).toBe('2 orders');
    expect(countOf(3, 'box', 'boxes')).toBe('3 boxes');
  });
});
