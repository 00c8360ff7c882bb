import { z } from 'zod';
import { deliveryZoneIds, type PinLookup } from './delivery';

/** GET /pincodes/:pin: the PIN as typed (spaces allowed, checked by the route). */
export const pinParamsSchema = z.object({ pin: z.string().min(1).max(20) });

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /pincodes/:pin's answer (the type is delivery.ts's PinLookup, which the web imports). */
export const pinLookupSchema = z.object({
  pin: z.string(),
  district: z.string(),
  state: z.string(),
  states: z.array(z.string()),
  delivery: z.object({
    zone: z.enum(deliveryZoneIds),
    minDays: z.number().int(),
    maxDays: z.number().int(),
    earliest: isoDay,
    latest: isoDay,
  }),
}) satisfies z.ZodType<PinLookup>;
