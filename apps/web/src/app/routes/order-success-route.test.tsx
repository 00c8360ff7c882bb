import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Component as OrderSuccessRoute } from './order-success-route';

describe('order success screen', () => {
  it('thanks the shopper and links to orders and home', () => {
    renderWithProviders(<OrderSuccessRoute />, { route: '/order-success', path: '/order-success' });
    expect(screen.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(screen.getByText(/email with your order details/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });
});
