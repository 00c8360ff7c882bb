import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@store/contracts/admin/common';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/staff for the person filter; only the owner may list staff. */
export const usePeople = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => adminRequest<{ data: StaffMember[] }>('/staff', { signal }),
    enabled,
  });
