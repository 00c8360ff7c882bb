import type { ReactNode } from 'react';
import { deliveryEstimateText, isPinCode, normalizePin } from '@store/contracts/delivery';
import { usePincode } from '../api/get-pincode';

/**
 * The delivery line's answer for the PIN the shopper checked before: its estimate, `pending`
 * while it is looked up, or `prompt` when it is no PIN or the look-up failed. Loaded by the
 * delivery line only when a PIN is remembered.
 */
export default function RememberedPinEstimate({
  remembered,
  prompt,
  pending,
}: {
  remembered: string;
  prompt: ReactNode;
  pending: ReactNode;
}) {
  const pin = isPinCode(remembered) ? normalizePin(remembered) : '';
  const lookup = usePincode(pin);
  const estimate = pin && !lookup.isError ? lookup.data?.delivery : undefined;
  if (estimate)
    return (
      <span>
        <span className="font-medium">{deliveryEstimateText(estimate)}</span> to {pin}
      </span>
    );
  if (pin && lookup.isPending) return pending;
  return prompt;
}
