import { describe, expect, it } from 'vitest';
import {
  addLine,
  maxLineQuantity,
  cartTotals,
  sanitizeStoredCart,
  type CartLine,
} from './cart-reducer';
import { chooseLineOptions, removeLine, updateLineQuantity } from './cart-edits';

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

  it('never holds more of a product than one order may ask for (99), sizes together', () => {
    const start = [line({ quantity: 98 })];
    expect(addLine(start, line({ quantity: 5 }))[0]?.quantity).toBe(99);
    expect(addLine([], line({ quantity: 500 }))[0]?.quantity).toBe(99);
    expect(updateLineQuantity(start, line(), 150)[0]?.quantity).toBe(99);
    // A4 and A5 of one notebook share the 99
    const a4 = line({ selectedSize: 'A4', quantity: 60 });
    const a5 = line({ selectedSize: 'A5', quantity: 30 });
    expect(maxLineQuantity([a4, a5], a5)).toBe(39);
    expect(updateLineQuantity([a4, a5], a5, 90)[1]?.quantity).toBe(39);
    expect(addLine([a4, a5], line({ selectedSize: 'A5', quantity: 20 }))[1]?.quantity).toBe(39);
    expect(addLine([line({ selectedSize: 'A4', quantity: 99 })], a5)).toHaveLength(1);
    // other products do not count
    expect(maxLineQuantity([a4, line({ id: 'p2', quantity: 99 })], a5)).toBe(39);
  });

  it('stops a line at the units left when stock was low, and a fresher add updates that', () => {
    let lines = addLine([], line({ selectedSize: 'A5', quantity: 5, stockLeft: 3 }));
    expect(lines[0]).toMatchObject({ quantity: 3, stockLeft: 3 });
    expect(maxLineQuantity(lines, lines[0]!)).toBe(3);
    lines = updateLineQuantity(lines, lines[0]!, 4);
    expect(lines[0]?.quantity).toBe(3);
    // another size has its own stock
    lines = addLine(lines, line({ selectedSize: 'A4', quantity: 4 }));
    expect(lines[1]?.quantity).toBe(4);
    // restocked: the product page no longer says it is low, so the cap goes
    lines = addLine(lines, line({ selectedSize: 'A5', quantity: 2 }));
    expect(lines[0]).toEqual(expect.not.objectContaining({ stockLeft: expect.anything() }));
    expect(lines[0]?.quantity).toBe(5);
    expect(sanitizeStoredCart([{ ...line(), stockLeft: 2 }])[0]?.stockLeft).toBe(2);
  });

  it('sets a choice left open, merging with a line that already has it', () => {
    const open = line({ sizeOptions: ['A4', 'A5'], quantity: 5 });
    const a5 = line({ selectedSize: 'A5', quantity: 97 });
    expect(chooseLineOptions([open], open, { size: 'A4' })).toEqual([
      { ...open, selectedSize: 'A4' },
    ]);
    // merged into the existing A5 line (which keeps the option lists), capped at the order limit
    expect(chooseLineOptions([open, a5], open, { size: 'A5' })).toEqual([
      { ...a5, quantity: 99, sizeOptions: ['A4', 'A5'] },
    ]);
  });

  it('keeps the option lists when a new add merges into a line stored without them', () => {
    const stored = line();
    expect(addLine([stored], line({ sizeOptions: ['A4', 'A5'] }))).toEqual([
      { ...stored, quantity: 2, sizeOptions: ['A4', 'A5'] },
    ]);
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
    // option lists survive only as lists of strings
    expect(
      sanitizeStoredCart([
        { ...line(), sizeOptions: ['A4', 'A5'], colorOptions: 'Blue' },
        { ...line({ id: 'p2' }), colorOptions: [1, 2] },
      ]),
    ).toEqual([line({ sizeOptions: ['A4', 'A5'] }), line({ id: 'p2' })]);
    // a stored quantity over the order limit is brought down to it
    expect(sanitizeStoredCart([line({ quantity: 150.7 })])).toEqual([line({ quantity: 99 })]);
  });
});
