import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Component as ContactRoute } from './contact-route';

describe('contact screen', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the store contact details', async () => {
    renderWithProviders(<ContactRoute />, { route: '/contact', path: '/contact' });
    expect(
      await screen.findByRole('heading', { name: 'Paper Trail Stationers Pvt Ltd' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@papertrail.test' })).toHaveAttribute(
      'href',
      'mailto:hello@papertrail.test',
    );
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByText('Monday to Saturday, 10AM - 6PM')).toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(screen.getByText('Instagram')).toBeInTheDocument();
  });

  it('requires all four fields, with an email-type address', () => {
    renderWithProviders(<ContactRoute />, { route: '/contact', path: '/contact' });
    for (const label of ['Your Name', 'Email Address', 'Subject', 'Your Message']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
  });

  it('refuses what the browser lets through: a name of spaces, an address without a dot after the @', async () => {
    renderWithProviders(<ContactRoute />, { route: '/contact', path: '/contact' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your Name'), '   ');
    await user.type(screen.getByLabelText('Email Address'), 'asha@example');
    await user.type(screen.getByLabelText('Subject'), 'Bulk order');
    await user.type(screen.getByLabelText('Your Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
    expect(screen.getByLabelText('Your Name')).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('shows Sending... for 1.5 s, then toasts and clears the form without a server call', async () => {
    renderWithProviders(<ContactRoute />, { route: '/contact', path: '/contact' });
    await screen.findByRole('heading', { name: 'Paper Trail Stationers Pvt Ltd' });
    vi.useFakeTimers();
    const values = {
      'Your Name': 'Asha',
      'Email Address': 'asha@example.in',
      Subject: 'Bulk order',
      'Your Message': 'Hello',
    };
    for (const [label, value] of Object.entries(values))
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    await expectToast("Thank you for contacting us. We'll get back to you shortly.", {
      title: 'Message Sent',
      type: 'success',
    });
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
