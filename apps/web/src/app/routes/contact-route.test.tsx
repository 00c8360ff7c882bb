import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Component as ContactRoute } from './contact-route';

/** The shop's answer to POST /contact; records what was sent. */
function shop(
  answer: () => Response = () => HttpResponse.json({ received: true }, { status: 201 }),
) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/contact`, async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

const values = {
  'Your Name': 'Asha',
  'Email Address': 'asha@example.in',
  Subject: 'Bulk order',
  'Your Message': 'Hello',
};
const fill = () => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

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

  it('does not thank the visitor when the server did not keep the message: says so and keeps the text', async () => {
    shop(() =>
      HttpResponse.json(
        { error: 'The store is temporarily unavailable', code: 'database_unavailable' },
        { status: 503 },
      ),
    );
    renderWithProviders(<ContactRoute />, { route: '/contact', path: '/contact' });
    await screen.findByRole('heading', { name: 'Paper Trail Stationers Pvt Ltd' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await expectToast('The store is temporarily unavailable', {
      title: 'Message not sent',
      type: 'error',
    });
    // (the first toast of this file: no thanks anywhere)
    expect(screen.queryByText('Message Sent')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your Message')).toHaveValue('Hello');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('sends the message, shows Sending... for 1.5 s, then toasts and clears the form', async () => {
    const sent = shop();
    renderWithProviders(<ContactRoute />, { route: '/contact', path: '/contact' });
    await screen.findByRole('heading', { name: 'Paper Trail Stationers Pvt Ltd' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(1400));
    // the server has answered by now; the spec's 1.5 s still run out first
    expect(sent).toEqual([
      { name: 'Asha', email: 'asha@example.in', subject: 'Bulk order', message: 'Hello' },
    ]);
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

  it('sends a filled honeypot along (a bot), which a person never sees', async () => {
    const sent = shop();
    renderWithProviders(<ContactRoute />, { route: '/contact', path: '/contact' });
    await screen.findByRole('heading', { name: 'Paper Trail Stationers Pvt Ltd' });
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
    fill();
    fireEvent.change(document.getElementById('contact-website')!, {
      target: { value: 'http://spam.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await expectToast("Thank you for contacting us. We'll get back to you shortly.");
    expect(sent).toEqual([expect.objectContaining({ website: 'http://spam.example' })]);
  });
});
