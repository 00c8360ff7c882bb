import type { z } from 'zod';
import type {
  AdminOrderDetail,
  cancelOrderBodySchema,
  OrderNoteBody,
  recordCodCollectionBodySchema,
  recordOrderRefundBodySchema,
  recordPaymentBodySchema,
  ShipOrderBody,
} from '@store/contracts/admin/orders';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';

/** The order actions, each a POST under /admin/orders/:id answering the order as it now is. */
export type OrderActionRequest =
  | { kind: 'ship'; body: ShipOrderBody }
  | { kind: 'deliver' }
  | { kind: 'cancel'; body: z.input<typeof cancelOrderBodySchema> }
  | { kind: 'record_payment'; body: z.input<typeof recordPaymentBodySchema> }
  | { kind: 'record_refund'; body: z.input<typeof recordOrderRefundBodySchema> }
  | { kind: 'record_cod_collection'; body: z.input<typeof recordCodCollectionBodySchema> }
  | { kind: 'return_undelivered' }
  | { kind: 'confirm_cod' }
  | { kind: 'add_note'; body: OrderNoteBody };

const paths: Record<OrderActionRequest['kind'], string> = {
  ship: 'ship',
  deliver: 'deliver',
  cancel: 'cancel',
  record_payment: 'payments',
  record_refund: 'refunds',
  record_cod_collection: 'cod-collection',
  return_undelivered: 'return-undelivered',
  confirm_cod: 'cod-confirmation',
  add_note: 'notes',
};

export function postOrderAction(id: string, action: OrderActionRequest) {
  return adminRequest<AdminOrderDetail>(`/orders/${encodeURIComponent(id)}/${paths[action.kind]}`, {
    method: 'POST',
    body: 'body' in action ? action.body : {},
  });
}

/** Runs an action, then refreshes the order page, the table and the dashboard. */
export const useOrderAction = (id: string) =>
  useAdminMutation((action: OrderActionRequest) => postOrderAction(id, action));
