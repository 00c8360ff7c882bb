import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Component as ForgotPasswordRoute } from './forgot-password-route';

describe('forgot password page', () => {
  it('explains the reset by email with the store address and links back', async () => {
    renderWithProviders(<ForgotPasswordRoute />, {
      route: '/forgot-password',
      path: '/forgot-password',
    });
    const mail = await screen.findByRole('link', { name: 'hello@papertrail.test' });
    expect(mail).toHaveAttribute(
      'href',
      'mailto:hello@papertrail.test?subject=Password%20reset%20request',
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
