import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CartQuote, CartQuoteBody } from '@store/contracts/cart-quote';
import { ApiError, apiRequest } from '@/lib/api-client';

/** POST /cart/quote: the cart's totals as the order will charge them, computed by the server. */
export function getCartQuote(body: CartQuoteBody, signal?: AbortSignal): Promise<CartQuote> {
  return apiRequest<CartQuote>('/cart/quote', { method: 'POST', body, signal });
}

/** The value once it has stayed the same for `ms`: a quantity tapped five times asks once. */
function useSettled<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

export const cartQuoteKey = ['cart-quote'] as const;

/**
 * The quote of the cart as it is now; null while there is nothing to price. The previous answer
 * stays on screen while a changed cart is priced again (`isPlaceholderData`).
 */
export function useCartQuote(body: CartQuoteBody | null) {
  const settled = useSettled(body, 250);
  return useQuery({
    queryKey: [...cartQuoteKey, settled],
    queryFn: ({ signal }) => getCartQuote(settled!, signal),
    enabled: settled !== null && settled.lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // once more when no answer came (a dropped connection); an answer, even a refusal, stands
    retry: (count, error) => count < 1 && error instanceof ApiError && error.noResponse,
  });
}
