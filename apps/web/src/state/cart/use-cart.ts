import { use } from 'react';
import { CartContext, type CartContextValue } from './cart-provider';

export function useCart(): CartContextValue {
  const value = use(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
