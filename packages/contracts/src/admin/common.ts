import { z } from 'zod';
import { blankToUndefined, queryInt } from '../common';
import { emailSchema } from '../users';

/*
 * The back office's API (/api/v1/admin/*), shared by apps/admin and the server. Money the owner
 * types is rupees (at most two decimals) and is stored in paise; money the API answers is integer
 * paise (`...Paise`), formatted with formatPaise. Times are ISO strings.
 */

export const staffRoles = ['owner', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleSchema = z.enum(staffRoles, { error: 'Choose owner or staff' });

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const STAFF_PASSWORD_MIN = 12;
/** a back-office session lasts this long from sign-in */
export const STAFF_SESSION_HOURS = 12;

export const adminMessages = {
  invalidCredentials: 'Invalid email or password',
  staffPasswordMin: `Password must be at least ${STAFF_PASSWORD_MIN} characters`,
  signInRequired: 'Sign in to the back office',
  noDemoOutbox: 'There is no demo outbox: this store sends its e-mails by SMTP',
  ownerOnly: 'Only the owner can do this',
  priceFormat: 'Enter an amount in rupees, with at most 2 decimals',
  discountAboveRegular: 'The discounted price must not be above the regular price',
  stockWhole: 'Stock must be a whole number of 0 or more',
} as const;

/** A staff password: 12 to 128 characters (argon2id on the server). */
export const staffPasswordSchema = z
  .string()
  .min(STAFF_PASSWORD_MIN, adminMessages.staffPasswordMin)
  .max(128, 'Password must be at most 128 characters');

/** POST /admin/session */
export const staffLoginBodySchema = z.object({
  email: emailSchema,
  // the sign-in form checks only presence: the length rule would tell an attacker the policy
  password: z.string().min(1, 'Enter your password').max(128),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  /** gets the owner's e-mails (owners always do; staff opt in on the Staff screen) */
  ownerNotices: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** POST /admin/session answers a Bearer token for the admin API; GET /admin/session answers `staff`. */
export const staffSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  staff: staffMemberSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
/** GET /admin/session: who is signed in, and what this server offers the back office. */
export const currentStaffSchema = z.object({
  staff: staffMemberSchema,
  expiresAt: z.string(),
  /** whether the demo outbox exists (no SMTP server set): the navigation links to it only then */
  demoOutbox: z.boolean(),
});
export type CurrentStaff = z.infer<typeof currentStaffSchema>;

/**
 * POST /admin/outbox-ticket: where the browser opens the demo outbox. The URL carries a ticket
 * for one use within a minute, which the server swaps for a cookie only the outbox's pages receive.
 */
export const outboxTicketSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type OutboxTicket = z.infer<typeof outboxTicketSchema>;

/** A rupee amount as typed: a number ≥ 0 with at most 2 decimals. */
export const rupeesInputSchema = z
  .number({ error: adminMessages.priceFormat })
  .min(0, adminMessages.priceFormat)
  .max(10_000_000, 'Enter at most ₹1,00,00,000')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, adminMessages.priceFormat);

/** Whole units on hand. */
export const stockInputSchema = z
  .number({ error: adminMessages.stockWhole })
  .int(adminMessages.stockWhole)
  .min(0, adminMessages.stockWhole)
  .max(1_000_000, 'Stock must be at most 10,00,000');

export const optionalQueryText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/** page (from 1) and limit of every admin list */
export const adminPageQuery = {
  page: queryInt(1, 100_000, 1),
  limit: queryInt(1, ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE),
};

/** Every admin list answers one page and the total that matched its filters. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** YYYY-MM-DD in a query (the shop's day, Asia/Kolkata). */
export const queryDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-23')
    .optional(),
);

export const okSchema = z.object({ ok: z.literal(true) });
