import { describe, expect, it } from 'vitest';
import { isBasicEmail, loginFormSchema, registerFormSchema, toRegisterBody } from './auth-forms';

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
  );
}

describe('login form', () => {
  it('needs a valid email and a 6-character password', () => {
    expect(errorsOf(loginFormSchema.safeParse({ email: 'nope', password: '123' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(
      loginFormSchema.safeParse({ email: ' A@B.in ', password: 'secret1', rememberMe: true }).data,
    ).toEqual({
      email: 'a@b.in',
      password: 'secret1',
      rememberMe: true,
    });
  });
});

describe('register form', () => {
  it('reports every rule of section 5 at once', () => {
    const result = registerFormSchema.safeParse({
      firstName: 'A',
      lastName: ' ',
      email: 'x@y',
      password: '123',
      confirmPassword: '1234',
    });
    expect(errorsOf(result)).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });
  it('accepts matching passwords', () => {
    const values = {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'a@b.in',
      password: 'secret1',
      confirmPassword: 'secret1',
    };
    expect(registerFormSchema.safeParse(values).success).toBe(true);
  });
  it('sends trimmed lowercase email and drops confirmPassword', () => {
    expect(
      toRegisterBody({
        firstName: ' Asha ',
        lastName: 'Rao',
        email: ' Asha@Example.IN ',
        password: 'p4ssword',
        confirmPassword: 'p4ssword',
      }),
    ).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
      password: 'p4ssword',
    });
  });
  it('checks the basic email pattern', () => {
    expect(isBasicEmail(' a@b.in ')).toBe(true);
    expect(isBasicEmail('a b@c.in')).toBe(false);
    expect(isBasicEmail('a@b')).toBe(false);
  });
});
