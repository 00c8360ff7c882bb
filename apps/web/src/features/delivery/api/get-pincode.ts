import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPinCode, normalizePin, type PinLookup } from '@store/contracts/delivery';
import { ApiError, apiRequest } from '@/lib/api-client';

/** GET /pincodes/{pin}: the PIN's district, state(s) and the delivery estimate from this store. */
export function getPincode(pin: string, signal?: AbortSignal): Promise<PinLookup> {
  return apiRequest<PinLookup>(`/pincodes/${encodeURIComponent(pin)}`, { signal });
}

/** A 404 (no such PIN) or 400 is an answer to show, not a failure worth asking again. */
const retryUnlessRefused = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** The look-up for what the shopper typed; idle until it is a complete PIN ("560 038" counts). */
export const pincodeQueryOptions = (typed: string) => {
  const pin = normalizePin(typed);
  return queryOptions({
    queryKey: ['pincodes', pin],
    queryFn: ({ signal }) => getPincode(pin, signal),
    enabled: isPinCode(pin),
    // the server lets caches keep it five minutes too; the estimate moves at most at 14:00 IST
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
};

export function usePincode(typed: string) {
  return useQuery(pincodeQueryOptions(typed));
}
