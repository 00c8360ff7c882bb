import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE } from '@store/contracts/limits';
import { ApiError, apiRequestWithHeaders } from '@/lib/api-client';
import { toOrderView, type OrderInput, type OrderView } from '../lib/order-view';

export interface OrdersPage {
  orders: OrderView[];
  /** the next page's number while more remain */
  nextPage?: number;
  /** X-Total-Count, when the server sent it */
  total?: number;
}

/** Whether the Link header has a rel="next" part. */
const hasNextLink = (link: string | null) =>
  !!link && link.split(',').some((part) => /;\s*rel="?([^"]*\s)?next(\s[^"]*)?"?/i.test(part));

/**
 * GET /orders?page=&limit=, newest first: the body stays the spec's array (or `data`), and the
 * headers say whether more remain (Link rel="next", else X-Total-Count).
 */
export async function getOrdersPage(page: number, signal?: AbortSignal): Promise<OrdersPage> {
  const { body, headers } = await apiRequestWithHeaders<OrderInput[] | { data?: OrderInput[] }>(
    '/orders',
    { query: { page, limit: ORDER_PAGE_SIZE }, signal },
  );
  const list = Array.isArray(body) ? body : body?.data;
  // An answer that is no list (a proxy's HTML page, an error object) is a failed load, not an
  // empty order history: My Orders must not say 'No Orders Found' to a shopper who has orders.
  if (!Array.isArray(list)) throw new ApiError(0, 'The orders answer held no list of orders');
  const totalHeader = headers.get('X-Total-Count');
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : undefined;
  const more =
    hasNextLink(headers.get('Link')) ||
    (total !== undefined && list.length > 0 && (page - 1) * ORDER_PAGE_SIZE + list.length < total);
  return { orders: list.map(toOrderView), ...(more ? { nextPage: page + 1 } : {}), total };
}

export const ordersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['orders', 'pages'],
    queryFn: ({ pageParam, signal }) => getOrdersPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: OrdersPage) => last.nextPage,
    meta: { userScoped: true },
    retry: false,
  });

export function useOrdersQuery() {
  return useInfiniteQuery(ordersQueryOptions());
}
