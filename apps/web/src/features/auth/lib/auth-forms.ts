import { z } from 'zod';
import { emailPattern, messages } from '@store/contracts/common';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  type RegisterBody,
} from '@store/contracts/users';

export const loginFormSchema = loginBodySchema;
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;

/** The confirmation must repeat the password: the check of the register and reset forms. */
const samePassword = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
const mismatch = {
  message: messages.passwordsMismatch,
  path: ['confirmPassword'],
  // Say it even while other fields are still wrong.
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/** The register body plus confirmPassword, which is checked here and never sent. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine(samePassword, mismatch);
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

/** /forgot-password asks for the address only, checked as the login form checks it. */
export const forgotPasswordFormSchema = forgotPasswordBodySchema;
export type ForgotPasswordFormInput = z.input<typeof forgotPasswordFormSchema>;
export type ForgotPasswordFormValues = z.output<typeof forgotPasswordFormSchema>;

/** /reset-password: the new password twice, under registration's rule and messages. */
export const resetPasswordFormSchema = registerBodySchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine(samePassword, mismatch);
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

/** Spec section 5: non-space text, @, text, dot, text; checked on the trimmed value. */
export function isBasicEmail(raw: string): boolean {
  return emailPattern.test(raw.trim());
}

/** What POST /users/register receives: trimmed names, trimmed lowercase email, no confirmPassword. */
export function toRegisterBody(values: RegisterFormInput): RegisterBody {
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
}
