import { describe, expect, it } from 'vitest';
import { choicesNeededText, missingChoices, type CartLine } from './cart-line';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  id: 'p1',
  name: 'Spiral Notebook',
  image: '',
  price: 185,
  quantity: 1,
  ...overrides,
});

describe('choices a cart line still needs', () => {
  it('names a size or colour only where the product offers several and none is chosen', () => {
    expect(missingChoices(line())).toEqual([]);
    expect(missingChoices(line({ sizeOptions: ['A4'] }))).toEqual([]);
    expect(missingChoices(line({ sizeOptions: ['A4', 'A5'] }))).toEqual(['size']);
    expect(missingChoices(line({ sizeOptions: ['A4', 'A5'], selectedSize: 'A4' }))).toEqual([]);
    expect(
      missingChoices(line({ sizeOptions: ['A4', 'A5'], colorOptions: ['Blue', 'Red'] })),
    ).toEqual(['size', 'colour']);
  });

  it('says what to choose for which product', () => {
    expect(choicesNeededText(line({ colorOptions: ['Blue', 'Red'] }))).toBe(
      'Choose a colour for Spiral Notebook before checkout',
    );
  });
});
