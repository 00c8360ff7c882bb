import { cartTotals, type CartLine } from './cart-reducer';
import { addItem, useCartStore } from './cart-store';

export interface Cart {
  items: CartLine[];
  total: number;
  itemCount: number;
  addItem: (line: CartLine) => void;
}

/**
 * The cart with its totals and adding; re-renders when the lines change (here or in another tab).
 * The cart page's changes (remove, quantity, options, clear) are cart-edits.ts's.
 * No memo: components subscribe to the store itself, so this object's identity triggers nothing.
 */
export function useCart(): Cart {
  const items = useCartStore((state) => state.items);
  return {
    items,
    ...cartTotals(items),
    addItem,
  };
}
