import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  payLinkMessages,
  type PaymentField,
  type PaymentResponse,
} from '@store/contracts/payments';
import { upiMessages } from '@store/contracts/payment-rules';
import { gstinMessages } from '@store/contracts/gst';
import { setAuthToken } from '@/lib/cookies';
import { paymentMessages } from '@/features/payment/lib/payment-result';
import { UPI_APP_WAIT_MS } from '@/features/payment/lib/upi-app-hand-off';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { redirectBrowser, submitForm } from '@/features/payment/lib/browser';
import { Component as PaymentRoute } from './payment-route';

// jsdom lays nothing out and has no scrollIntoView: record which notice was brought into view
const scrollIntoView = vi.fn();
Element.prototype.scrollIntoView = scrollIntoView;

vi.mock('@/features/payment/lib/browser', () => ({
  redirectBrowser: vi.fn(),
  submitForm: vi.fn(),
}));

const fields: PaymentField[] = [
  {
    name: 'method',
    label: 'Payment method',
    type: 'select',
    placeholder: 'Choose how to pay',
    options: [
      { value: 'upi_qr', label: 'UPI QR' },
      { value: 'gateway', label: 'Gateway' },
    ],
    rules: { required: true },
    rulesMessages: ['Please choose a payment method'],
    defaultValue: 'upi_qr',
  },
  {
    name: 'payerName',
    label: 'Name of the payer',
    type: 'text',
    rules: { required: true, minLength: 2, maxLength: 60 },
  },
  { name: 'email', label: 'Email for the receipt', type: 'email', rules: { required: true } },
  {
    name: 'phone',
    label: 'Mobile number',
    type: 'tel',
    description: 'For payment updates',
    rules: { required: true, pattern: '/^\\+91[6-9]\\d{9}$/' },
  },
  { name: 'companyName', label: 'Business name', type: 'text' },
  {
    name: 'gstin',
    label: 'GSTIN',
    type: 'text',
    mask: '99AAAAA9999A9Z9',
    showWhenFilled: ['companyName'],
    rules: { required: true },
    rulesMessages: ['Please enter the GSTIN'],
  },
  { name: 'note', label: 'Note', type: 'textarea', rules: { maxLength: 200 } },
  { name: 'pin', label: 'PIN code', type: 'number' },
  { name: 'secret', label: 'Reference code', type: 'password' },
  {
    name: 'consent',
    label: 'I agree to the terms',
    type: 'checkbox',
    inline: true,
    rules: { required: true },
  },
];

const route = '/payment?orderId=ORD1';
const render = (r = route) => renderWithProviders(<PaymentRoute />, { route: r });
const location = () => screen.getByTestId('location').textContent;

function serveFields(body: object = fields) {
  server.use(http.get(`${API}/payments/fields`, () => HttpResponse.json(body)));
}
function servePayment(response: PaymentResponse | (() => Response | Promise<Response>)) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/payments`, async ({ request }) => {
      bodies.push(await request.json());
      return typeof response === 'function' ? response() : HttpResponse.json(response);
    }),
  );
  return bodies;
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Name of the payer'), 'Asha Verma');
  await user.type(screen.getByLabelText('Email for the receipt'), 'asha@example.in');
  await user.type(screen.getByLabelText('Mobile number'), '9876543210');
  await user.click(screen.getByLabelText('I agree to the terms'));
}

/** Sonner keeps earlier tests' toasts in its module state, so look for ours among all matches. */
async function expectToast(text: string, title: string, type?: string) {
  const nodes = await screen.findAllByText(text, {}, { timeout: 3000 });
  const toasts = nodes
    .map((n) => n.closest<HTMLElement>('[data-sonner-toast]'))
    .filter((t): t is HTMLElement => t !== null);
  const ours = toasts.filter((t) => within(t).queryAllByText(title).length > 0);
  expect(ours.length).toBeGreaterThan(0);
  if (type) expect(ours.some((t) => t.getAttribute('data-type') === type)).toBe(true);
}

beforeEach(() => {
  setAuthToken('token-1');
  server.use(
    http.get(`${API}/orders/ORD1`, () =>
      HttpResponse.json({ id: 'ORD1', status: 0, total: 1449.5 }),
    ),
  );
  vi.mocked(redirectBrowser).mockClear();
  vi.mocked(submitForm).mockClear();
});

describe('Payment page: loading', () => {
  it('needs an order id', () => {
    serveFields();
    render('/payment');
    expect(screen.getByText('Order ID is missing. Please return to checkout.')).toBeInTheDocument();
  });

  it('takes the order id from navigation state too', async () => {
    serveFields();
    renderWithProviders(<PaymentRoute />, {
      route: { pathname: '/payment', state: { orderId: 'ORD9' } },
    });
    expect(await screen.findByText('Order #ORD9')).toBeInTheDocument();
  });

  it('shows the load error with a link back to checkout', async () => {
    server.use(
      http.get(`${API}/payments/fields`, () =>
        HttpResponse.json({ error: 'boom' }, { status: 500 }),
      ),
    );
    render();
    expect(
      await screen.findByText('Failed to load payment form. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.getByRole('link', { name: 'Pay later from My Orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('accepts {fields: [...]} and treats anything else as an empty form', async () => {
    serveFields({ fields: [fields[1]] });
    const first = render();
    expect(await screen.findByLabelText('Name of the payer')).toBeInTheDocument();
    first.unmount();
    serveFields({ unexpected: true });
    render();
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('Payment page: the order', () => {
  it('shows the amount to pay, taken from the order on the server', async () => {
    serveFields();
    render();
    expect(await screen.findByTestId('amount-to-pay')).toHaveTextContent('Amount to pay: ₹1,449.5');
  });
});

describe('Payment page: the dynamic form', () => {
  it('draws each field type with its options, hint, mask and length limits', async () => {
    serveFields();
    render();
    const method = await screen.findByLabelText('Payment method');
    expect(method.tagName).toBe('SELECT');
    expect(method).toHaveValue('upi_qr');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose how to pay', 'UPI QR', 'Gateway']);
    expect(screen.getByLabelText('Name of the payer')).toHaveAttribute('minlength', '2');
    expect(screen.getByLabelText('Name of the payer')).toHaveAttribute('maxlength', '60');
    expect(screen.getByLabelText('Email for the receipt')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      'For payment updates',
    );
    expect(screen.getByLabelText('Note').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Note')).toHaveAttribute('maxlength', '200');
    expect(screen.getByLabelText('PIN code')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Reference code')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('I agree to the terms')).toHaveAttribute('type', 'checkbox');
  });

  it('shows a field only once one of its showWhenFilled fields has a value', async () => {
    serveFields();
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('Business name'), '  ');
    expect(screen.queryByLabelText('GSTIN')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Business name'), 'Acme');
    expect(screen.getByLabelText('GSTIN')).toHaveAttribute('placeholder', '99AAAAA9999A9Z9');
  });

  it('asks for the UPI ID with a UPI method only, not with the gateway or cash on delivery', async () => {
    const upiId: PaymentField = {
      name: 'upiId',
      label: 'Your UPI ID (optional)',
      type: 'text',
      showWhenFilled: ['method'],
      showWhenValue: { method: ['upi_qr'] },
    };
    const [method, ...rest] = fields;
    serveFields([
      { ...method, options: [...method!.options!, { value: 'cod', label: 'Cash on delivery' }] },
      upiId,
      ...rest,
    ]);
    const user = userEvent.setup();
    render();
    const select = await screen.findByLabelText('Payment method');
    // the form starts on UPI QR (the method's defaultValue)
    expect(screen.getByLabelText('Your UPI ID (optional)')).toBeInTheDocument();
    await user.selectOptions(select, 'gateway');
    expect(screen.queryByLabelText('Your UPI ID (optional)')).not.toBeInTheDocument();
    await user.selectOptions(select, 'cod');
    expect(screen.queryByLabelText('Your UPI ID (optional)')).not.toBeInTheDocument();
    await user.selectOptions(select, 'upi_qr');
    expect(screen.getByLabelText('Your UPI ID (optional)')).toBeInTheDocument();
  });

  it('disables Pay Now while a visible required field is blank', async () => {
    serveFields();
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    await user.type(screen.getByLabelText('Business name'), 'Acme');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await user.type(screen.getByLabelText('GSTIN'), '29ABCDE1234F1ZW');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    await user.click(screen.getByLabelText('I agree to the terms'));
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });

  it('on submit names each blank required field, from rulesMessages or the default', async () => {
    serveFields();
    render();
    fireEvent.change(await screen.findByLabelText('Payment method'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Acme' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Payment details' }));
    expect(await screen.findByText('Please choose a payment method')).toBeInTheDocument();
    expect(screen.getByText('Please enter the GSTIN')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(3);
    await expectToast('Please correct the errors in the form', 'Validation Error');
  });

  it('checks the email and shows the Validation Error toast', async () => {
    serveFields();
    const bodies = servePayment({ success: true });
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Email for the receipt'));
    await user.type(screen.getByLabelText('Email for the receipt'), 'asha@example');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await expectToast('Please correct the errors in the form', 'Validation Error', 'error');
    expect(bodies).toHaveLength(0);
  });

  it('checks a GSTIN’s check character before sending, in the server’s words', async () => {
    serveFields();
    const bodies = servePayment({ success: true });
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.type(screen.getByLabelText('Business name'), 'Tara Traders');
    // one mistyped character: the right shape, the wrong check character
    await user.type(screen.getByLabelText('GSTIN'), '29ABCDE1234F1Z5');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(gstinMessages.checkCharacter)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('focuses the first field with a message; a message leaves at the first edit of its field', async () => {
    serveFields();
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('Name of the payer'), 'A');
    await user.type(screen.getByLabelText('Email for the receipt'), 'asha@example');
    fireEvent.submit(screen.getByRole('form', { name: 'Payment details' }));
    expect(await screen.findByText('Must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name of the payer')).toHaveFocus();
    await user.type(screen.getByLabelText('Name of the payer'), 's');
    expect(screen.queryByText('Must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('keeps phones as +91 and ten digits, prefilled when required', async () => {
    serveFields();
    const user = userEvent.setup();
    render();
    const phone = await screen.findByLabelText('Mobile number');
    expect(phone).toHaveValue('+91');
    expect(phone).toHaveAttribute('maxlength', '13');
    await user.type(phone, '98a76-54 3210999');
    expect(phone).toHaveValue('+919876543210');
  });

  it.each([
    [{ rules: { required: true } }, '+91987', 'Phone number must be 13 characters (including +91)'],
    [
      { rules: { required: true, minLength: 12 } },
      '+91987',
      'Phone number must have at least 12 characters',
    ],
    [
      { rules: { required: true, maxLength: 12 } },
      '+919876543210',
      'Phone number must have no more than 12 characters',
    ],
    [
      { rules: { required: true, pattern: '/^\\+91[6-9]\\d{9}$/' } },
      '+911234567890',
      'Invalid phone number format',
    ],
    [{ defaultValue: '9876543210' }, null, 'Phone number must start with +91'],
  ] as [Partial<PaymentField>, string | null, string][])(
    'phone rule %#: %s',
    async (over, typed, message) => {
      serveFields([{ name: 'contactPhone', label: 'Phone', type: 'text', ...over }]);
      render();
      const phone = await screen.findByLabelText('Phone');
      if (typed !== null) fireEvent.change(phone, { target: { value: typed } });
      fireEvent.submit(screen.getByRole('form', { name: 'Payment details' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    },
  );
});

describe('Payment page: results', () => {
  async function submitValid(response: Parameters<typeof servePayment>[0]) {
    serveFields();
    const bodies = servePayment(response);
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    return bodies;
  }

  it('sends the visible values with the order id, showing Processing... meanwhile', async () => {
    serveFields();
    const bodies = servePayment(async () => {
      await delay(150);
      return HttpResponse.json({ success: true });
    });
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() => expect(location()).toBe('/orders'));
    expect(bodies[0]).toEqual({
      orderId: 'ORD1',
      fields: {
        method: 'upi_qr',
        payerName: 'Asha Verma',
        email: 'asha@example.in',
        phone: '+919876543210',
        companyName: '',
        note: '',
        pin: '',
        secret: '',
        consent: true,
      },
    });
  });

  it('redirect_post: auto-submits a hidden form with type, url and data[key] to redirectUrl', async () => {
    await submitValid({
      success: true,
      redirectUrl: '/sandbox-gateway/pay',
      action: {
        type: 'redirect_post',
        redirectUrl: '/sandbox-gateway/pay',
        formParams: {
          type: 'sandbox',
          url: '/sandbox-gateway/pay',
          data: { paymentId: 'PAY1', amount: '449.00' },
        },
      },
    });
    await waitFor(() => expect(submitForm).toHaveBeenCalledTimes(1));
    const form = vi.mocked(submitForm).mock.calls[0]![0];
    expect(form.getAttribute('action')).toBe('/sandbox-gateway/pay');
    expect(form.method).toBe('post');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      type: 'sandbox',
      url: '/sandbox-gateway/pay',
      'data[paymentId]': 'PAY1',
      'data[amount]': '449.00',
    });
  });

  it('deeplink: hands the link to the browser', async () => {
    await submitValid({
      success: true,
      redirectUrl: 'upi://pay?pa=x@upi',
      action: { type: 'deeplink', redirectUrl: 'upi://pay?pa=x@upi' },
    });
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith('upi://pay?pa=x@upi'));
  });

  describe('deeplink on a device without a UPI app', () => {
    const deeplink: PaymentResponse = {
      success: true,
      redirectUrl: 'upi://pay?pa=x@upi',
      action: { type: 'deeplink', redirectUrl: 'upi://pay?pa=x@upi' },
    };
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    // fake timers that still run with the clock, so the form can be filled and sent as usual
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => {
      vi.useRealTimers();
      setVisibility('visible');
    });

    it('says no UPI app opened once the page is still there, and keeps the ways to pay', async () => {
      await submitValid(deeplink);
      await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith('upi://pay?pa=x@upi'));
      expect(screen.queryByText(paymentMessages.noUpiApp)).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(UPI_APP_WAIT_MS));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'No UPI app opened on this device. Scan the QR code from another phone or choose another way to pay.',
      );
      // above the form, while a phone's shopper is at Pay Now: it is scrolled into view
      expect(scrollIntoView.mock.contexts.at(-1)).toBe(screen.getByRole('alert'));
      // the form is still there, with the QR among its methods
      expect(screen.getByRole('option', { name: 'UPI QR' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    });

    it('says nothing when a UPI app took over the screen', async () => {
      await submitValid(deeplink);
      await waitFor(() => expect(redirectBrowser).toHaveBeenCalled());
      setVisibility('hidden');
      await act(() => vi.advanceTimersByTimeAsync(500));
      setVisibility('visible');
      await act(() => vi.advanceTimersByTimeAsync(UPI_APP_WAIT_MS * 2));
      expect(screen.queryByText(paymentMessages.noUpiApp)).not.toBeInTheDocument();
    });
  });

  it('qr: shows the code and moves to /order-success once the polled order is Processing', async () => {
    let polls = 0;
    server.use(
      http.get(`${API}/orders/ORD1`, ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer token-1');
        polls += 1;
        return HttpResponse.json({ id: 'ORD1', status: polls > 1 ? 1 : 0 });
      }),
    );
    await submitValid({
      success: true,
      action: { type: 'qr', qr: 'upi://pay?pa=shop@upi&am=449.00' },
    });
    expect(await screen.findByText('Scan QR Code to Complete Payment')).toBeInTheDocument();
    expect(screen.getByTestId('payment-qr').tagName.toLowerCase()).toBe('svg');
    // the shopper pressed Pay Now at the foot of the form: the code is brought into view and its
    // heading takes the focus
    const heading = screen.getByRole('heading', { name: 'Scan QR Code to Complete Payment' });
    await waitFor(() => expect(heading).toHaveFocus());
    const scrolled = scrollIntoView.mock.contexts as Element[];
    expect(scrolled.some((el) => el.contains(screen.getByTestId('payment-qr')))).toBe(true);
    await waitFor(() => expect(location()).toBe('/order-success'), { timeout: 8000 });
    expect(polls).toBeGreaterThanOrEqual(2);
  }, 12_000);

  it('qr: shows a qrBase64 image', async () => {
    server.use(
      http.get(`${API}/orders/ORD1`, () =>
        HttpResponse.json({ id: 'ORD1', status: 0, total: 1249.5 }),
      ),
    );
    await submitValid({ success: true, action: { type: 'qr', qrBase64: 'iVBORw0KGgo=' } });
    expect(await screen.findByText(/^Amount to pay: ₹1,249\.50?$/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'UPI payment QR code' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('redirectUrl only: navigates there', async () => {
    await submitValid({ success: true, redirectUrl: '/order-success' });
    await waitFor(() => expect(location()).toBe('/order-success'));
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it('neither: Payment initiated toast, then /orders', async () => {
    await submitValid({ success: true });
    await expectToast('Your payment is being processed', 'Payment initiated');
    await waitFor(() => expect(location()).toBe('/orders'));
  });

  it.each([
    [() => HttpResponse.json({ success: false, error: 'Card declined' }), 'Card declined'],
    [() => HttpResponse.json({ success: false }), 'Unknown error occurred during payment process'],
    [
      () => HttpResponse.json({ error: 'This order has already been paid' }, { status: 409 }),
      'This order has already been paid',
    ],
    [
      () => new HttpResponse('Not Found', { status: 404 }),
      'Failed to process payment. Please try again later.',
    ],
    [
      () => HttpResponse.json({ error: 'db down' }, { status: 500 }),
      'Failed to process payment. Please try again later.',
    ],
    [() => HttpResponse.error(), 'Failed to process payment. Please try again later.'],
  ])('error %#: shows the error text', async (respond, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await submitValid(respond);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it("shows the server's field messages until the next attempt", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await submitValid(() =>
      HttpResponse.json(
        { error: 'Invalid payment details', fields: { email: 'We cannot mail this address' } },
        { status: 400 },
      ),
    );
    expect(await screen.findByText('We cannot mail this address')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email for the receipt'), 'x');
    expect(screen.getByText('We cannot mail this address')).toBeInTheDocument();
  });

  it('shows the gateway reason after a declined attempt', async () => {
    serveFields();
    render('/payment?orderId=ORD1&reason=Payment+declined');
    expect(await screen.findByText(/Payment declined/)).toBeInTheDocument();
  });
});

describe('Payment page: issue 10', () => {
  it('sends an Idempotency-Key, the same on a retry after a network error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveFields();
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${API}/payments`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1
          ? HttpResponse.error()
          : HttpResponse.json({ success: true, redirectUrl: '/order-success' });
      }),
    );
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(paymentMessages.processFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(location()).toBe('/order-success'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('over ₹1,00,000 UPI is not offered, with the reason; other methods are', async () => {
    server.use(
      http.get(`${API}/orders/ORD1`, () =>
        HttpResponse.json({ id: 'ORD1', status: 0, total: 173052 }),
      ),
    );
    serveFields();
    render();
    expect(await screen.findByText(upiMessages.overLimit)).toBeInTheDocument();
    const method = screen.getByLabelText('Payment method');
    expect(within(method).queryByRole('option', { name: 'UPI QR' })).not.toBeInTheDocument();
    expect(within(method).getByRole('option', { name: 'Gateway' })).toBeInTheDocument();
  });

  it('up to ₹1,00,000 UPI is offered', async () => {
    server.use(
      http.get(`${API}/orders/ORD1`, () =>
        HttpResponse.json({ id: 'ORD1', status: 0, total: 100000 }),
      ),
    );
    serveFields();
    render();
    expect(await screen.findByTestId('amount-to-pay')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'UPI QR' })).toBeInTheDocument();
    expect(screen.queryByText(upiMessages.overLimit)).not.toBeInTheDocument();
  });

  it("shows the server's UPI refusal once and offers the other methods", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveFields();
    servePayment(() =>
      HttpResponse.json(
        { error: upiMessages.overLimit, fields: { method: upiMessages.overLimit } },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(upiMessages.overLimit);
    expect(screen.getAllByText(upiMessages.overLimit)).toHaveLength(1);
    const method = screen.getByLabelText('Payment method');
    expect(within(method).queryByRole('option', { name: 'UPI QR' })).not.toBeInTheDocument();
    expect(within(method).getByRole('option', { name: 'Gateway' })).toBeInTheDocument();
  });

  it('cash on delivery over the limit: the message once, the other methods offered, the details kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const [method, ...rest] = fields;
    serveFields([
      {
        ...method!,
        options: [...method!.options!, { value: 'cod', label: 'Cash on delivery' }],
        defaultValue: 'cod',
      },
      ...rest,
    ]);
    const said = 'Cash on delivery is available for orders up to ₹5,000';
    const bodies = servePayment(() =>
      HttpResponse.json(
        { error: said, code: 'cod_refused', fields: { method: said } },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${said}. Please choose another payment method.`);
    // once: not again under the method field
    expect(screen.getAllByText(new RegExp(said))).toHaveLength(1);
    expect(bodies).toHaveLength(1);
    const select = screen.getByLabelText('Payment method');
    expect(within(select).queryByRole('option', { name: 'Cash on delivery' })).toBeNull();
    expect(within(select).getByRole('option', { name: 'Gateway' })).toBeInTheDocument();
    expect(select).toHaveValue('');
    // what the shopper typed is still there
    expect(screen.getByLabelText('Name of the payer')).toHaveValue('Asha Verma');
    expect(screen.getByLabelText('Email for the receipt')).toHaveValue('asha@example.in');
  });

  it('an expired QR says so and "Get a new QR code" asks again with a new key, keeping the amount', async () => {
    serveFields();
    const keys: (string | null)[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/payments`, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        bodies.push(await request.json());
        const first = keys.length === 1;
        return HttpResponse.json({
          success: true,
          action: {
            type: 'qr',
            qr: first ? 'upi://pay?tr=old' : 'upi://pay?tr=new',
            // the first code is already past its time; the second has 15 minutes
            expiresAt: new Date(Date.now() + (first ? -1000 : 15 * 60_000)).toISOString(),
            paymentId: first ? 'pay-1' : 'pay-2',
          },
        });
      }),
    );
    const user = userEvent.setup();
    render();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(upiMessages.qrExpired);
    expect(screen.queryByTestId('payment-qr')).not.toBeInTheDocument();
    expect(screen.getByText(/^Amount to pay: ₹1,449\.50?$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a new QR code' }));
    expect(await screen.findByTestId('payment-qr')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^1[45]:\d\d$/);
    expect(screen.queryByText(upiMessages.qrExpired)).not.toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('a payment the provider is still confirming is said so, with no form to pay again', async () => {
    serveFields();
    render('/payment?orderId=ORD1&outcome=pending');
    expect(
      await screen.findByRole('heading', { name: 'Your payment is being confirmed' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it("the order's paymentStatus 'confirming' says the same", async () => {
    server.use(
      http.get(`${API}/orders/ORD1`, () =>
        HttpResponse.json({ id: 'ORD1', status: 0, total: 99, paymentStatus: 'confirming' }),
      ),
    );
    serveFields();
    render();
    expect(
      await screen.findByRole('heading', { name: 'Your payment is being confirmed' }),
    ).toBeInTheDocument();
  });
});

describe('Payment page: opened from the shop’s payment link', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('sends the link’s token with the order and the payment, and takes it out of the address', async () => {
    setAuthToken('');
    window.history.replaceState(null, '', '/payment?orderId=ORD1#payToken=link-token');
    serveFields();
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${API}/orders/ORD1`, ({ request }) => {
        seen.push(request.headers.get('x-pay-token'));
        return HttpResponse.json({ id: 'ORD1', status: 0, total: 1449.5 });
      }),
    );
    const headers: (string | null)[] = [];
    server.use(
      http.post(`${API}/payments`, ({ request }) => {
        headers.push(request.headers.get('x-pay-token'));
        return HttpResponse.json({ success: true, redirectUrl: '/order-success?orderId=ORD1' });
      }),
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByTestId('amount-to-pay')).toHaveTextContent('₹1,449.5');
    expect(seen).toContain('link-token');
    expect(window.location.hash).toBe('');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: /pay/i }));
    await waitFor(() => expect(headers).toEqual(['link-token']));
  });

  it('an expired link says so, with no form', async () => {
    window.history.replaceState(null, '', '/payment?orderId=ORD1#payToken=old-token');
    serveFields();
    server.use(
      http.get(`${API}/orders/ORD1`, () =>
        HttpResponse.json(
          { error: payLinkMessages.expired, code: 'pay_link_expired' },
          { status: 410 },
        ),
      ),
    );
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(payLinkMessages.expired);
    expect(screen.queryByLabelText('Name of the payer')).not.toBeInTheDocument();
  });
});

describe('Payment page: Pay now by UPI for a cash-on-delivery order', () => {
  it('offers no cash on delivery, and the QR stays until nothing is left to collect', async () => {
    let polls = 0;
    server.use(
      http.get(`${API}/orders/ORD1`, () => {
        polls += 1;
        // Processing all along: only the cash still to collect says whether the money came
        return HttpResponse.json({
          id: 'ORD1',
          status: 1,
          total: 449,
          codStatus: polls > 2 ? null : 'to_collect',
        });
      }),
    );
    const [method, ...rest] = fields;
    serveFields([
      { ...method!, options: [...method!.options!, { value: 'cod', label: 'Cash on delivery' }] },
      ...rest,
    ]);
    const bodies = servePayment({
      success: true,
      action: { type: 'qr', qr: 'upi://pay?pa=shop@upi&am=449.00' },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByTestId('amount-to-pay')).toHaveTextContent('₹449');
    const select = screen.getByLabelText('Payment method');
    expect(within(select).getByRole('option', { name: 'UPI QR' })).toBeInTheDocument();
    expect(
      within(select).queryByRole('option', { name: 'Cash on delivery' }),
    ).not.toBeInTheDocument();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ orderId: 'ORD1', fields: { method: 'upi_qr' } });
    expect(await screen.findByText('Scan QR Code to Complete Payment')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/order-success'), { timeout: 8000 });
    expect(polls).toBeGreaterThanOrEqual(3);
  }, 12_000);
});
