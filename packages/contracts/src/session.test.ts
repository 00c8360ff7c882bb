import { describe, expect, it } from 'vitest';
import { cookieValue, hasAuthCookie } from './session';

describe('sign-in cookie', () => {
  it('is found among the cookies only under its own name and with a value', () => {
    expect(hasAuthCookie('auth_token=abc')).toBe(true);
    expect(hasAuthCookie('theme=dark;  auth_token=a.b.c; x=1')).toBe(true);
    for (const header of [undefined, '', 'auth_token=', 'my_auth_token=abc', 'auth_token_old=1'])
      expect(hasAuthCookie(header), String(header)).toBe(false);
  });

  it('reads a cookie decoded, and a value that is not percent-encoding as it is', () => {
    expect(cookieValue('a=1; email=a%40b.in', 'email')).toBe('a@b.in');
    expect(cookieValue('email=%E0%A4', 'email')).toBe('%E0%A4');
    expect(cookieValue('a=1', 'email')).toBeUndefined();
  });
});
