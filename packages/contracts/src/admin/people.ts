import { z } from 'zod';
import { emailSchema } from '../users';
import {
  adminPageQuery,
  optionalQueryText,
  pageOf,
  staffMemberSchema,
  staffPasswordSchema,
  staffRoleSchema,
} from './common';

/** POST /admin/staff (owner) */
export const addStaffBodySchema = z.object({
  email: emailSchema,
  password: staffPasswordSchema,
  role: staffRoleSchema,
});
export type AddStaffBody = z.infer<typeof addStaffBodySchema>;

/** PATCH /admin/staff/:id (owner): change role, disable or enable */
export const updateStaffBodySchema = z
  .object({
    role: staffRoleSchema.optional(),
    disabled: z.boolean().optional(),
    ownerNotices: z.boolean().optional(),
  })
  .refine(
    (v) => v.role !== undefined || v.disabled !== undefined || v.ownerNotices !== undefined,
    'Nothing to change',
  );

export const staffListSchema = z.object({ data: z.array(staffMemberSchema) });

/** GET /admin/customers?q=&page=&limit= (q: name or e-mail) */
export const adminCustomerListQuerySchema = z.object({
  q: optionalQueryText(100),
  ...adminPageQuery,
});

export const adminCustomerRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
  orderCount: z.number().int(),
  /** paid orders only */
  spentPaise: z.number().int(),
  lastOrderAt: z.string().nullable(),
});
export const adminCustomerListSchema = pageOf(adminCustomerRowSchema);

/** GET /admin/customers/:id: details and orders; never a password hash or token */
export const adminCustomerSchema = adminCustomerRowSchema.extend({
  orders: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      status: z.number().int(),
      totalPaise: z.number().int(),
      itemCount: z.number().int(),
    }),
  ),
});

/** GET /admin/activity?staffId=&entityType=&page=&limit= (newest first) */
export const activityEntityTypes = [
  'product',
  'category',
  'order',
  'payment',
  'settings',
  'staff',
  'image',
  'discount',
  'return',
  'review',
] as const;
export const adminActivityQuerySchema = z.object({
  staffId: optionalQueryText(64),
  entityType: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(activityEntityTypes).optional(),
  ),
  ...adminPageQuery,
});
export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  actor: z.string(),
  action: z.string(),
  entityType: z.enum(activityEntityTypes),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const adminActivityListSchema = pageOf(activityEntrySchema);

/** GET /admin/dashboard */
const periodSchema = z.object({
  revenuePaise: z.number().int(),
  paidOrders: z.number().int(),
  averageOrderPaise: z.number().int(),
});
export const dashboardSchema = z.object({
  today: periodSchema,
  last7Days: periodSchema,
  last30Days: periodSchema,
  /** the last 30 days, oldest first, every day present (YYYY-MM-DD in Asia/Kolkata) */
  dailyRevenue: z.array(z.object({ date: z.string(), revenuePaise: z.number().int() })),
  toShip: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      customerName: z.string(),
      totalPaise: z.number().int(),
    }),
  ),
  refundsDue: z.array(
    z.object({
      paymentId: z.string(),
      orderId: z.string(),
      amountPaise: z.number().int(),
      refundablePaise: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  lowStock: z.array(
    z.object({
      productId: z.string(),
      title: z.string(),
      size: z.string(),
      color: z.string(),
      onHand: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
