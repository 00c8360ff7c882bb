import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminReturnDetail,
  AdminReturnListQuery,
  ApproveReturnBody,
  adminReturnListSchema,
  RefundReturnBody,
  RejectReturnBody,
} from '@store/contracts/admin/returns';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';

export type AdminReturnList = z.infer<typeof adminReturnListSchema>;

/** GET /admin/returns: one page of the Returns table. */
export const returnsQueryOptions = (query: AdminReturnListQuery) =>
  queryOptions({
    queryKey: ['admin', 'returns', query],
    queryFn: ({ signal }) => adminRequest<AdminReturnList>('/returns', { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useReturns = (query: AdminReturnListQuery) => useQuery(returnsQueryOptions(query));

/** GET /admin/returns/:id: a return's page. */
export const returnQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'return', id],
    queryFn: ({ signal }) =>
      adminRequest<AdminReturnDetail>(`/returns/${encodeURIComponent(id)}`, { signal }),
  });
export const useReturn = (id: string) => useQuery(returnQueryOptions(id));

/** The moves of a return, each a POST under /admin/returns/:id answering the return as it now is. */
export type ReturnActionRequest =
  | { kind: 'approve'; body: ApproveReturnBody }
  | { kind: 'reject'; body: RejectReturnBody }
  | { kind: 'receive' }
  | { kind: 'refund'; body: RefundReturnBody };

export const useReturnAction = (id: string) =>
  useAdminMutation((action: ReturnActionRequest) =>
    adminRequest<AdminReturnDetail>(`/returns/${encodeURIComponent(id)}/${action.kind}`, {
      method: 'POST',
      body: 'body' in action ? action.body : {},
    }),
  );
