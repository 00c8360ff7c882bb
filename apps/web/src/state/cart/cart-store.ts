import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import { stockMessages } from '@store/contracts/stock';
import { toast } from '@store/ui/toast';
import { createLocalListStore } from '../local-list-store';
import {
  CART_STORAGE_KEY,
  cartReducer,
  maxLineQuantity,
  sameLine,
  sanitizeStoredCart,
  type CartAction,
  type CartLine,
  type LineIdentity,
} from './cart-reducer';

/** The cart's lines, saved under `cart` on every change and shared by every tab of the store. */
export const useCartStore = createLocalListStore(CART_STORAGE_KEY, sanitizeStoredCart);

// The rules stay in the pure reducer (tested on their own); the store only holds the result.
const dispatch = (action: CartAction) =>
  useCartStore.setState((state) => ({ items: cartReducer(state.items, action) }));

// The actions are plain functions rather than store state: stable, callable outside React, and
// not part of what is saved.

export function addItem(line: CartLine): void {
  const { items } = useCartStore.getState();
  const existing = items.find((l) => sameLine(l, line));
  const room = maxLineQuantity(items, line, line);
  // at the per-order limit (or all that is left) nothing is added, and the shopper must not be
  // told otherwise
  if (existing ? existing.quantity >= room : room < 1) {
    const byStock = line.stockLeft !== undefined && line.stockLeft <= room;
    toast.warning('Cart not updated', {
      description: byStock
        ? `${stockMessages.onlyLeft(line.stockLeft ?? 0)} of ${line.name}, all in your cart.`
        : `One order takes at most ${ORDER_MAX_QUANTITY} of ${line.name}.`,
    });
    return;
  }
  dispatch({ type: 'add', line });
  if (existing) toast.success('Cart updated', { description: `${line.name} quantity increased.` });
  else toast.success('Added to cart', { description: line.name });
}

export function removeItem(target: LineIdentity | string): void {
  dispatch({ type: 'remove', target });
  toast('Removed from cart');
}

export function updateQuantity(target: LineIdentity, quantity: number): void {
  dispatch({ type: 'setQuantity', target, quantity });
}

/** sets the size and/or colour of a line added without them */
export function chooseOptions(
  target: LineIdentity,
  choice: { size?: string; color?: string },
): void {
  dispatch({ type: 'choose', target, choice });
}

export function clearCart(options?: { silent?: boolean }): void {
  dispatch({ type: 'clear' });
  if (!options?.silent) toast('Cart cleared');
}
