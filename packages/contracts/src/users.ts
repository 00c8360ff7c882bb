import { z } from 'zod';
import { EMAIL_MAX, emailPattern, messages } from './common';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  // abort: zod runs every check by default, so the pattern would still see a megabyte of text
  .max(EMAIL_MAX, { error: messages.invalidEmail, abort: true })
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

/** A new password: registration's rule, also for a reset. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, messages.passwordMin)
  .max(PASSWORD_MAX, messages.passwordMax);

/** POST /users/register (confirmPassword is checked in the browser and never sent). */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
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
  /**
   * GET /accountInfo only: the mobile the shopper last gave (their latest order's, else their
   * default address's), as +91 and ten digits, for prefilling forms; absent when none
   */
  phone: z.string().optional(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** Registration answers 201 with the new account (no token: the shopper logs in afterwards). */
export const registerResponseSchema = z.object({ data: accountInfoSchema });
/** GET /accountInfo answers { data: AccountInfo }. */
export const accountInfoResponseSchema = z.object({ data: accountInfoSchema });

/** POST /users/forgot-password */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The one answer to a reset request, whether or not an account has that address. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that address, we have sent a link';
export const forgotPasswordResponseSchema = z.object({
  message: z.literal(FORGOT_PASSWORD_MESSAGE),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** How long an e-mailed reset link works. */
export const PASSWORD_RESET_MINUTES = 30;
/** How long a new customer's invitation to set a password (the back office's New order) stays open. */
export const INVITE_LIFETIME_DAYS = 7;

export const INVALID_RESET_TOKEN =
  'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * POST /users/reset-password: the token from the e-mailed link and the new password, under
 * registration's rule. confirmPassword may be sent; when it is, it must match.
 */
export const resetPasswordBodySchema = z
  .object({
    // 32 random bytes in base64url are 43 characters; an unknown one is answered like an expired one
    token: z.string().max(256, INVALID_RESET_TOKEN),
    password: newPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .strict()
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;
