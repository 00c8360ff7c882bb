import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Newsletter } from './newsletter';

function renderNewsletter() {
  renderWithProviders(<Newsletter />);
  return within(screen.getByRole('region', { name: 'Subscribe to Our Newsletter' }));
}

describe('newsletter', () => {
  // first: the test of the form's loading below gives later tests a fresh copy of the form, whose
  // toasts go to a toaster of its own
  it('signs up through the server, and only then thanks and clears the field', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/newsletter`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ received: true }, { status: 201 });
      }),
    );
    const section = renderNewsletter();
    const user = userEvent.setup();
    const email = await section.findByLabelText('Email address', {}, { timeout: 3000 });
    await user.type(email, 'reader@example.in');
    await user.click(section.getByRole('button', { name: 'Subscribe' }));
    await expectToast('Thank you for subscribing to our newsletter.', {
      title: 'Subscribed!',
      type: 'success',
    });
    expect(sent).toEqual([{ email: 'reader@example.in' }]);
    expect(email).toHaveValue('');
    // sent by the browser itself (before its code arrived) it must not put the address in the URL
    expect(email.closest('form')).toHaveAttribute('method', 'post');
  });

  it('says so when the server did not keep the sign-up, and keeps the address', async () => {
    server.use(
      http.post(`${API}/newsletter`, () =>
        HttpResponse.json(
          { error: 'Too many attempts. Please wait 1 hour and try again.', code: 'rate_limited' },
          { status: 429 },
        ),
      ),
    );
    const section = renderNewsletter();
    const user = userEvent.setup();
    const email = await section.findByLabelText('Email address', {}, { timeout: 3000 });
    await user.type(email, 'busy@example.in');
    await user.click(section.getByRole('button', { name: 'Subscribe' }));
    await expectToast('Too many attempts. Please wait 1 hour and try again.', {
      title: 'Not subscribed',
      type: 'error',
    });
    expect(email).toHaveValue('busy@example.in');
  });

  it('keeps the form’s place, hidden from assistive technology, until the form is there', async () => {
    // a fresh copy of the component: its form's code must not be loaded yet, and another test
    // file in this worker may have loaded it already (the web project runs with isolate: false)
    vi.resetModules();
    const fresh = await import('./newsletter');
    renderWithProviders(<fresh.Newsletter />);
    const section = within(screen.getByRole('region', { name: 'Subscribe to Our Newsletter' }));
    expect(section.queryByRole('textbox')).not.toBeInTheDocument();
    expect(document.querySelector('section [aria-hidden="true"] .h-10')).not.toBeNull();
    expect(await section.findByLabelText('Email address', {}, { timeout: 3000 })).toBeRequired();
    expect(document.querySelector('section [aria-hidden="true"] .h-10')).toBeNull();
  });

  it('refuses an address without a dot after the @, beside the field, which gets the focus', async () => {
    const section = renderNewsletter();
    const user = userEvent.setup();
    const email = await section.findByLabelText('Email address', {}, { timeout: 3000 });
    await user.type(email, 'reader@example');
    await user.click(section.getByRole('button', { name: 'Subscribe' }));
    expect(await section.findByText('Invalid email address')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(email).toHaveValue('reader@example');
  });

  describe('on a browser that can tell where the section is', () => {
    let reportNear: ((near: boolean) => void) | undefined;
    afterEach(() => {
      vi.unstubAllGlobals();
      reportNear = undefined;
    });

    it('fetches the form only when the shopper comes near it', async () => {
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
            reportNear = (near) => callback([{ isIntersecting: near }]);
          }
          observe() {}
          disconnect() {}
        },
      );
      const section = renderNewsletter();
      act(() => reportNear?.(false));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(section.queryByRole('textbox')).not.toBeInTheDocument();
      act(() => reportNear?.(true));
      expect(await section.findByLabelText('Email address', {}, { timeout: 3000 })).toBeRequired();
    });
  });
});
