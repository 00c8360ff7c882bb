import { z } from 'zod';
import { emailPattern, messages } from '@store/contracts/common';
import { loginBodySchema, registerBodySchema, type RegisterBody } from '@store/contracts/users';

export const loginFormSchema = loginBodySchema;
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;

/** The register body plus confirmPassword, which is checked here and never sent. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
    // Say it even while other fields are still wrong.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

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
