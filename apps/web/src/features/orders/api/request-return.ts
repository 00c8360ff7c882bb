import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReturnBody,
  ShopperReturn,
  UploadedReturnPhoto,
} from '@store/contracts/returns';
import { apiRequest } from '@/lib/api-client';

/** POST /returns/photos: the file itself as the body (the server checks what it really is). */
export function uploadReturnPhoto(file: File): Promise<UploadedReturnPhoto> {
  return apiRequest<UploadedReturnPhoto>('/returns/photos', { method: 'POST', body: file });
}

/** POST /orders/{id}/returns */
export function requestReturn(orderId: string, body: CreateReturnBody): Promise<ShopperReturn> {
  return apiRequest<ShopperReturn>(`/orders/${encodeURIComponent(orderId)}/returns`, {
    method: 'POST',
    body,
  });
}

/** Request a return, then My Orders reloads (the order shows the request's state). */
export function useRequestReturnMutation(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReturnBody) => requestReturn(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
