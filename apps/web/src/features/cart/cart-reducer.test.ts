import { describe, expect, it } from 'vitest';
import {
  addLine,
  cartReducer,
  cartTotals,
  removeLine,
  sanitizeStoredCart,
  updateLineQuantity,
  type CartLine,
} from './cart-reducer';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  id: 'p1',
  name: 'Journal',
  image: '/j.jpg',
  price: 100,
  quantity: 1,
  ...overrides,
});

describe('cart reducer', () => {
  it('adds a new line, and raises the quantity when id, size and colour all match', () => {
    let lines = addLine([], line({ selectedSize: 'A5' }));
    lines = addLine(lines, line({ selectedSize: 'A5', quantity: 2 }));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(3);
  });

  it('keeps lines with a different size or colour apart', () => {
    let lines = addLine([], line({ selectedSize: 'A5' }));
    lines = addLine(lines, line({ selectedSize: 'A4' }));
    lines = addLine(lines, line({ selectedSize: 'A4', selectedColor: 'Red' }));
    expect(lines).toHaveLength(3);
  });

  it('removes by id (every variant) or by full identity (one variant)', () => {
    const lines = [line({ selectedSize: 'A5' }), line({ selectedSize: 'A4' }), line({ id: 'p2' })];
    expect(removeLine(lines, 'p1').map((l) => l.id)).toEqual(['p2']);
    expect(removeLine(lines, { id: 'p1', selectedSize: 'A4' })).toHaveLength(2);
  });

  it('ignores quantities below 1', () => {
    const lines = [line({ quantity: 2 })];
    expect(updateLineQuantity(lines, lines[0]!, 0)[0]?.quantity).toBe(2);
    expect(updateLineQuantity(lines, lines[0]!, -3)[0]?.quantity).toBe(2);
    expect(updateLineQuantity(lines, lines[0]!, 5)[0]?.quantity).toBe(5);
  });

  it('clears', () => {
    expect(cartReducer([line()], { type: 'clear' })).toEqual([]);
  });

  it('totals: sum of price × quantity and of quantities', () => {
    expect(
      cartTotals([line({ price: 0.1, quantity: 1 }), line({ id: 'p2', price: 0.2, quantity: 2 })]),
    ).toEqual({
      total: 0.5,
      itemCount: 3,
    });
    expect(cartTotals([])).toEqual({ total: 0, itemCount: 0 });
  });

  it('keeps only well-formed stored lines', () => {
    expect(sanitizeStoredCart('nope')).toEqual([]);
    expect(sanitizeStoredCart([line(), { id: 1 }, null, line({ quantity: 0 })])).toEqual([line()]);
  });
});
