import type { OrderLine } from '@store/contracts/orders';

/**
 * A cart line (spec section 3). Lives in lib because the product screens build lines and the
 * cart stores them, and features do not import each other. Identity is id + size + colour.
 */
export interface CartLine {
  id: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
  selectedSize?: string;
  selectedColor?: string;
  /**
   * The product's sizes and colours when it has several: a line added from a product card has no
   * choice yet (spec section 2), and the cart asks for it before checkout so the shop knows what
   * to pack.
   */
  sizeOptions?: string[];
  colorOptions?: string[];
  /**
   * Units left when the product page last said stock was low: the quantity stepper stops there.
   * Only a hint (it may be stale); the server judges at checkout.
   */
  stockLeft?: number;
}

/** Which choices a line still lacks, in the words the cart shows. */
export function missingChoices(line: CartLine): ('size' | 'colour')[] {
  const missing: ('size' | 'colour')[] = [];
  if ((line.sizeOptions?.length ?? 0) > 1 && !line.selectedSize) missing.push('size');
  if ((line.colorOptions?.length ?? 0) > 1 && !line.selectedColor) missing.push('colour');
  return missing;
}

/** The first line still waiting for a size or colour, if any. */
export function firstUndecidedLine<T extends CartLine>(lines: readonly T[]): T | undefined {
  return lines.find((line) => missingChoices(line).length > 0);
}

/** The message for the first line that still lacks a choice, e.g. "Choose a size for Spiral Notebook". */
export function choicesNeededText(line: CartLine): string {
  return `Choose a ${missingChoices(line).join(' and ')} for ${line.name} before checkout`;
}

/** The cart lines with their chosen size and colour, so the shop packs what was picked. */
export function cartToOrderLines(
  lines: readonly { id: string; quantity: number; selectedSize?: string; selectedColor?: string }[],
): OrderLine[] {
  return lines.map((line) => ({
    productId: line.id,
    quantity: line.quantity,
    ...(line.selectedSize ? { size: line.selectedSize } : {}),
    ...(line.selectedColor ? { color: line.selectedColor } : {}),
  }));
}
