import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import { toast } from '@store/ui/toast';
import { readJson, writeJson } from '@/lib/storage';
import {
  CART_STORAGE_KEY,
  cartReducer,
  cartTotals,
  maxLineQuantity,
  sameLine,
  sanitizeStoredCart,
  type CartLine,
  type LineIdentity,
} from './cart-reducer';

export interface CartContextValue {
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

export const CartContext = createContext<CartContextValue | null>(null);

function loadCart(): CartLine[] {
  return sanitizeStoredCart(readJson<unknown>(CART_STORAGE_KEY, []));
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, dispatch] = useReducer(cartReducer, undefined, loadCart);
  const itemsRef = useRef(items);

  useEffect(() => {
    itemsRef.current = items;
    writeJson(CART_STORAGE_KEY, items);
  }, [items]);

  const addItem = useCallback((line: CartLine) => {
    const existing = itemsRef.current.find((l) => sameLine(l, line));
    const room = maxLineQuantity(itemsRef.current, line);
    // at the per-order limit nothing is added, and the shopper must not be told otherwise
    if (existing ? existing.quantity >= room : room < 1) {
      toast.warning('Cart not updated', {
        description: `One order takes at most ${ORDER_MAX_QUANTITY} of ${line.name}.`,
      });
      return;
    }
    dispatch({ type: 'add', line });
    if (existing)
      toast.success('Cart updated', { description: `${line.name} quantity increased.` });
    else toast.success('Added to cart', { description: line.name });
  }, []);

  const removeItem = useCallback((target: LineIdentity | string) => {
    dispatch({ type: 'remove', target });
    toast('Removed from cart');
  }, []);

  const updateQuantity = useCallback((target: LineIdentity, quantity: number) => {
    dispatch({ type: 'setQuantity', target, quantity });
  }, []);

  const chooseOptions = useCallback(
    (target: LineIdentity, choice: { size?: string; color?: string }) => {
      dispatch({ type: 'choose', target, choice });
    },
    [],
  );

  const clearCart = useCallback((options?: { silent?: boolean }) => {
    dispatch({ type: 'clear' });
    if (!options?.silent) toast('Cart cleared');
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      ...cartTotals(items),
      addItem,
      removeItem,
      updateQuantity,
      chooseOptions,
      clearCart,
    }),
    [items, addItem, removeItem, updateQuantity, chooseOptions, clearCart],
  );
  return <CartContext value={value}>{children}</CartContext>;
}
