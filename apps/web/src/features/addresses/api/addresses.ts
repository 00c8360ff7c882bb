import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressBody, SavedAddress } from '@store/contracts/addresses';
import { apiRequest } from '@/lib/api-client';

// The address book's endpoints (GET/POST /account/addresses, PUT/DELETE …/{id}, POST …/{id}/default),
// one query and the mutations that change it; each change reloads the list, since one change can
// move the default to another address.

const addressesKey = ['account', 'addresses'] as const;

/** The list from `{ data: [...] }`; anything else reads as none. */
function readList(body: unknown): SavedAddress[] {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? (data as SavedAddress[]) : [];
}

export async function getAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return readList(await apiRequest<unknown>('/account/addresses', { signal }));
}

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressesKey,
    queryFn: ({ signal }) => getAddresses(signal),
    // private data: dropped from the cache on sign in/out (SessionProvider)
    meta: { userScoped: true },
    retry: false,
  });

export function useAddressesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...addressesQueryOptions(), enabled });
}

/** Marks the list stale (after an order saved an address with it). */
export function useRefreshAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressesKey });
}

const url = (id: string) => `/account/addresses/${encodeURIComponent(id)}`;

function useAddressMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

/** POST (no id) or PUT (an id) the address. */
export function useSaveAddressMutation() {
  return useAddressMutation(({ id, body }: { id?: string | undefined; body: AddressBody }) =>
    apiRequest(id ? url(id) : '/account/addresses', { method: id ? 'PUT' : 'POST', body }),
  );
}

export function useDeleteAddressMutation() {
  return useAddressMutation((id: string) => apiRequest(url(id), { method: 'DELETE' }));
}

export function useSetDefaultAddressMutation() {
  return useAddressMutation((id: string) => apiRequest(`${url(id)}/default`, { method: 'POST' }));
}
