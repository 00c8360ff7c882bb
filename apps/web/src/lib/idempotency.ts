import { useRef } from 'react';
import { IdempotencyKeys } from '@store/contracts/idempotency';

export { IdempotencyKeys, newIdempotencyKey } from '@store/contracts/idempotency';

/** The keys of one screen, kept across renders. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const ref = useRef<IdempotencyKeys | null>(null);
  ref.current ??= new IdempotencyKeys();
  return ref.current;
}
