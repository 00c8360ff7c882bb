import { z } from 'zod';
import { emailPattern, messages } from './common';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, messages.invalidEmail)
  .regex(emailPattern, messages.invalidEmail);

/** POST /users/authorize */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN, messages.passwordMin)
    .max(PASSWORD_MAX, messages.passwordMax),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /users/register (confirmPassword is checked in the browser and never sent). */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN, messages.passwordMin)
    .max(PASSWORD_MAX, messages.passwordMax),
  firstName: z.string().trim().min(NAME_MIN, messages.firstNameMin).max(60),
  lastName: z.string().trim().min(NAME_MIN, messages.lastNameMin).max(60),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const accountInfoSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** Registration answers 201 with the new account (no token: the shopper logs in afterwards). */
export const registerResponseSchema = z.object({ data: accountInfoSchema });
/** GET /accountInfo answers { data: AccountInfo }. */
export const accountInfoResponseSchema = z.object({ data: accountInfoSchema });
