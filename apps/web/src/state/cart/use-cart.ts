import { cartTotals, type CartLine, type LineIdentity } from './cart-reducer';
import {
  addItem,
  chooseOptions,
  clearCart,
  removeItem,
  updateQuantity,
  useCartStore,
} from './cart-store';

export interface Cart {
  items: CartLine[];
  total: number;
  itemCount: number;
  addItem: (line: CartLine) => void;
  removeItem: (target: LineIdentity | string) => void;
  updateQuantity: (target: LineIdentity, quantity: number) => void;
  /** sets the size and/or colour of a line added without them */
  chooseOptions: (target: LineIdentity, choice: { size?: string; color?: string }) => void;
  clearCart: (options?: { silent?: boolean }) => void;
}

/**
 * The cart with its totals and actions; re-renders when the lines change (here or in another tab).
 * No memo: components subscribe to the store itself, so this object's identity triggers nothing.
 */
export function useCart(): Cart {
  const items = useCartStore((state) => state.items);
  return {
    items,
    ...cartTotals(items),
    addItem,
    removeItem,
    updateQuantity,
    chooseOptions,
    clearCart,
  };
}
