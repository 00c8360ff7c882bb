import { z } from 'zod';

export const policySlugs = ['terms', 'privacy', 'refund', 'return', 'shipping', 'about'] as const;
export type PolicySlug = (typeof policySlugs)[number];

/** GET /storeInfo */
export const storeInfoSchema = z.object({
  storeName: z.string(),
  companyName: z.string(),
  companyAddress: z.string(),
  companyEmail: z.string(),
  companyPhone: z.string(),
  companyLogoUrl: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  /** category name -> image URL, with a `default` key for categories without their own image */
  categoryImages: z.record(z.string(), z.string()),
  /** policy slug -> HTML text with {companyName} {companyAddress} {companyEmail} {companyPhone} {companyLogoUrl} placeholders */
  policies: z.record(z.string(), z.string()),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;
