import { describe, expect, it } from 'vitest';
import { hasAuthCookie } from './session';

describe('sign-in cookie', () => {
  it('is found among the cookies only under its own name and with a value', () => {
    expect(hasAuthCookie('auth_token=abc')).toBe(true);
    expect(hasAuthCookie('theme=dark;  auth_token=a.b.c; x=1')).toBe(true);
    for (const header of [undefined, '', 'auth_token=', 'my_auth_token=abc', 'auth_token_old=1'])
      expect(hasAuthCookie(header), String(header)).toBe(false);
  });
});
