import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import { stockMessages } from '@store/contracts/stock';
import { toast } from '@store/ui/toast';
import { createLocalListStore } from '../local-list-store';
import {
  addLine,
  CART_STORAGE_KEY,
  maxLineQuantity,
  sameLine,
  sanitizeStoredCart,
  type CartLine,
} from './cart-reducer';

/** The cart's lines, saved under `cart` on every change and shared by every tab of the store. */
export const useCartStore = createLocalListStore(CART_STORAGE_KEY, sanitizeStoredCart);

// The rules stay in pure functions (tested on their own); the store only holds the result. The
// actions are plain functions rather than store state: stable, callable outside React, and not
// part of what is saved. Adding is here, with the store: every page with a product adds; the cart
// page's changes load with it (cart-edits.ts).

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
  useCartStore.setState((state) => ({ items: addLine(state.items, line) }));
  if (existing) toast.success('Cart updated', { description: `${line.name} quantity increased.` });
  else toast.success('Added to cart', { description: line.name });
}
