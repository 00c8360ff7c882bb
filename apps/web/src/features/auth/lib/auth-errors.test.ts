import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { loginErrorMessage, registerErrorMessage, returnPath } from './auth-errors';

describe('auth error messages', () => {
  it('prefers the server error, then no-response, then the default', () => {
    expect(
      loginErrorMessage(
        new ApiError(401, 'Invalid credentials', { body: { error: 'Invalid credentials' } }),
      ),
    ).toBe('Invalid credentials');
    expect(loginErrorMessage(new ApiError(500, 'Request failed with status 500'))).toBe(
      'Failed to login. Please check your credentials.',
    );
    expect(loginErrorMessage(new ApiError(0, 'x'))).toBe(
      'No response from server. Please try again later.',
    );
    expect(
      loginErrorMessage(new Error('Authentication failed: Token is missing in the response')),
    ).toBe('Authentication failed: Token is missing in the response');
    expect(
      registerErrorMessage(new ApiError(409, 'x', { body: { error: 'Email already registered' } })),
    ).toBe('Email already registered');
    expect(registerErrorMessage(new ApiError(0, 'x'))).toBe(
      'Failed to register. Please try again.',
    );
  });
});

describe('returnPath', () => {
  it('returns to the remembered location or home', () => {
    expect(returnPath({ from: { pathname: '/orders', search: '?a=1', hash: '' } })).toBe(
      '/orders?a=1',
    );
    expect(returnPath({ from: '/checkout' })).toBe('/checkout');
    expect(returnPath({ from: '//evil.example' })).toBe('/');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});
