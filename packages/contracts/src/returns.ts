import { z } from 'zod';
import { messages } from './common';
import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY } from './limits';
import { RETURN_PHOTOS_MAX, RETURN_REASON_MAX, returnStatuses } from './return-rules';

/** The shopper's words for each field of Request a return. */
export const returnFormMessages = {
  chooseItems: 'Choose at least one item to return',
  reason: 'Tell us why you are returning these items',
  photos: `Add at most ${RETURN_PHOTOS_MAX} photos`,
} as const;

/** control characters other than line breaks and tabs (a reason may run over lines) */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlsButBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const text = (max: number, required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters`)
    .refine((v) => !controlsButBreaks.test(v), messages.controlCharacters);

/** POST /orders/{id}/returns: which order lines and how many units, why, and up to 3 photos. */
export const createReturnBodySchema = z.object({
  lines: z
    .array(
      z.object({
        orderItemId: z.string().min(1).max(64),
        quantity: z.number().int().min(1).max(ORDER_MAX_QUANTITY),
      }),
    )
    .min(1, returnFormMessages.chooseItems)
    .max(ORDER_MAX_LINES),
  reason: text(RETURN_REASON_MAX, returnFormMessages.reason),
  /** image ids from POST /returns/photos */
  photos: z.array(z.string().min(1).max(64)).max(RETURN_PHOTOS_MAX, returnFormMessages.photos),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

/** POST /returns/photos answers the stored photo (checked by content, as the shop's images are). */
export const uploadedReturnPhotoSchema = z.object({ imageId: z.string(), url: z.string() });
export type UploadedReturnPhoto = z.infer<typeof uploadedReturnPhotoSchema>;

export const returnStatusSchema = z.enum(returnStatuses);

/** A return as its shopper sees it on My Orders. */
export const shopperReturnSchema = z.object({
  id: z.string(),
  status: returnStatusSchema,
  createdAt: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({ orderItemId: z.string(), productTitle: z.string(), quantity: z.number().int() }),
  ),
  photos: z.array(z.string()),
  /** the shop's instructions for sending the parcel back, once approved */
  instructions: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** rupees refunded, once refunded */
  refunded: z.number().nullable(),
  /** when each state was reached, oldest first */
  history: z.array(z.object({ status: returnStatusSchema, at: z.string() })),
});
export type ShopperReturn = z.infer<typeof shopperReturnSchema>;
