import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StaffMember } from '@store/contracts/admin/common';
import type { AddStaffBody, updateStaffBodySchema } from '@store/contracts/admin/people';
import { adminRequest } from '@/lib/api-client';

/** POST /admin/staff (owner) */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStaffBody) =>
      adminRequest<StaffMember>('/staff', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

/** PATCH /admin/staff/:id (owner): change role, disable or enable, the owner's e-mails */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof updateStaffBodySchema> }) =>
      adminRequest<StaffMember>(`/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
