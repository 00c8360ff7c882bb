import { pinStateMismatch, type PinLookup } from '@store/contracts/delivery';
import { usePincode } from '../api/get-pincode';
import { ApiError } from '@/lib/api-client';
import { pinLookupErrorText } from './pin-lookup-text';

export interface ShippingPinCheck {
  /** the PIN's place and estimate, once a complete PIN has been looked up */
  lookup: PinLookup | undefined;
  /** for the PIN field: India Post has no such PIN */
  pinProblem: string | undefined;
  /** for the state field: the chosen state is not the PIN's ("PIN 110001 is in Delhi") */
  stateProblem: string | undefined;
}

/**
 * The checkout's view of its PIN and state, as the server will judge them (POST /orders
 * refuses a PIN outside the chosen state): looked up as soon as the PIN is complete.
 */
export function useShippingPin(postalCode: string, state: string): ShippingPinCheck {
  const query = usePincode(postalCode);
  const lookup = query.isError ? undefined : query.data;
  // 404 (no such PIN) or 400 only: a look-up that failed for want of a server says nothing
  const refused =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return {
    lookup,
    pinProblem: refused ? pinLookupErrorText(query.error) : undefined,
    stateProblem:
      lookup && state.trim() ? (pinStateMismatch(lookup, state) ?? undefined) : undefined,
  };
}
