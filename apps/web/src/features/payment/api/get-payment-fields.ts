import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentFieldSchema, type PaymentField } from '@store/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** Spec section 7: an array of definitions, or an object with a fields array; otherwise none. */
export function readPaymentFields(body: unknown): PaymentField[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { fields?: unknown }).fields)
      ? (body as { fields: unknown[] }).fields
      : [];
  return list.flatMap((item) => {
    const parsed = paymentFieldSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function getPaymentFields(signal?: AbortSignal): Promise<PaymentField[]> {
  return readPaymentFields(await apiRequest<unknown>('/payments/fields', { signal }));
}

export const paymentFieldsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'fields'],
    queryFn: ({ signal }) => getPaymentFields(signal),
    meta: { userScoped: true },
    staleTime: 0,
  });

export function usePaymentFieldsQuery() {
  return useQuery(paymentFieldsQueryOptions());
}
