import { queryOptions } from '@tanstack/react-query';
import type {
  NewOrderBody,
  NewOrderCustomer,
  NewOrderQuoteBody,
  NewOrderResponse,
} from '@store/contracts/admin/new-order';
import type { CartQuote } from '@store/contracts/cart-quote';
import type { Product } from '@store/contracts/products';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/new-order/customers?q=: from two characters typed */
export const customerMatchesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'new-order', 'customers', q.trim()],
    queryFn: ({ signal }) =>
      adminRequest<{ data: NewOrderCustomer[] }>('/new-order/customers', {
        query: { q: q.trim() },
        signal,
      }),
    enabled: q.trim().length >= 2,
  });

/** GET /admin/new-order/products?q=: from two characters typed */
export const productMatchesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'new-order', 'products', q.trim()],
    queryFn: ({ signal }) =>
      adminRequest<{ data: Product[] }>('/new-order/products', {
        query: { q: q.trim() },
        signal,
      }),
    enabled: q.trim().length >= 2,
  });

/** POST /admin/new-order/quote: the server's totals for what the form holds now. */
export const quoteQueryOptions = (body: NewOrderQuoteBody) =>
  queryOptions({
    queryKey: ['admin', 'new-order', 'quote', body],
    queryFn: ({ signal }) =>
      adminRequest<CartQuote>('/new-order/quote', { method: 'POST', body, signal }),
    enabled: body.lines.length > 0,
    placeholderData: (previous) => previous,
  });

/** POST /admin/orders with the form's Idempotency-Key: a retry of the same form is one order. */
export const usePlaceOrder = () =>
  useAdminMutation(({ body, key }: { body: NewOrderBody; key: string }) =>
    adminRequest<NewOrderResponse>('/orders', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': key },
    }),
  );
