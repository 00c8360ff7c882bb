import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { storeSettingsResponseSchema, StoreSettings } from '@store/contracts/admin/settings';
import { adminRequest } from '@/lib/api-client';

export type StoreSettingsResponse = z.infer<typeof storeSettingsResponseSchema>;

/** GET /admin/settings (owner): the settings and the payment methods this server can offer. */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => adminRequest<StoreSettingsResponse>('/settings', { signal }),
  });

export const useSettings = () => useQuery(settingsQueryOptions());

/** PUT /admin/settings (owner) */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSettings) =>
      adminRequest<StoreSettingsResponse>('/settings', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] }),
  });
}
