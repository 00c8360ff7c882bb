import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NewOrderCustomer } from '@store/contracts/admin/new-order';
import type { CartQuote } from '@store/contracts/cart-quote';
import { formatInr } from '@store/contracts/money';
import type { Product } from '@store/contracts/products';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { NewOrderForm } from './new-order-form';

const notebook: Product = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'A5 Notebook',
  description: '',
  imgUrl: '/img.webp',
  category: 'Notebooks',
  parentCategory: null,
  regularPrice: 250,
  discountedPrice: 200,
  createdAt: '2026-11-01T00:00:00.000Z',
  images: [],
  attributes: [],
  availability: { status: 'in_stock' } as Product['availability'],
  variants: [
    { size: 'A5', color: 'Blue', availability: { status: 'in_stock' } as Product['availability'] },
    { size: 'A5', color: 'Red', availability: { status: 'in_stock' } as Product['availability'] },
  ],
};

const asha: NewOrderCustomer = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'asha@example.in',
  firstName: 'Asha',
  lastName: 'Verma',
  phone: '+919876543210',
  addresses: [
    {
      id: 'addr-1',
      label: null,
      isDefault: true,
      fullName: 'Asha Verma',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      phone: '+919876543210',
    } as NewOrderCustomer['addresses'][number],
  ],
};

const quote = (over: Partial<CartQuote> = {}): CartQuote => ({
  lines: [],
  unavailable: [],
  subtotal: 400,
  discount: 0,
  delivery: {
    charge: 50,
    waived: 0,
    amount: 50,
    basis: 'rate',
    label: 'Rest of India',
    toFree: null,
  },
  codFee: 0,
  gst: 61.02,
  total: 450,
  offers: [],
  coupon: null,
  ...over,
});

function serve() {
  const sent: { quote: unknown[]; order: unknown[]; keys: (string | null)[] } = {
    quote: [],
    order: [],
    keys: [],
  };
  server.use(
    http.get(`${ADMIN_API}/new-order/customers`, () => HttpResponse.json({ data: [asha] })),
    http.get(`${ADMIN_API}/new-order/products`, () => HttpResponse.json({ data: [notebook] })),
    http.post(`${ADMIN_API}/new-order/quote`, async ({ request }) => {
      const body = (await request.json()) as { payment: string };
      sent.quote.push(body);
      return HttpResponse.json(quote(body.payment === 'cod' ? { codFee: 30, total: 480 } : {}));
    }),
  );
  return sent;
}

async function fillOrder(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Find a customer'), 'asha');
  await user.click(await screen.findByRole('button', { name: /Asha Verma · asha@example\.in/ }));
  await user.type(screen.getByLabelText('Find a product'), 'note');
  await user.click(await screen.findByRole('button', { name: /A5 Notebook/ }));
  // one size: chosen for staff; two colours: staff choose
  expect(screen.queryByLabelText('Size')).not.toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Colour'), 'Red');
  await user.clear(screen.getByLabelText('Quantity'));
  await user.type(screen.getByLabelText('Quantity'), '2');
}

describe('New order', () => {
  it('an existing customer: their saved address offered, the server’s totals, a payment link to copy', async () => {
    const sent = serve();
    const orders: unknown[] = [];
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${ADMIN_API}/orders`, async ({ request }) => {
        orders.push(await request.json());
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(
          {
            order: { id: 'ABCDE12345', totalPaise: 45000 },
            customer: { id: asha.id, email: asha.email, created: false },
            payLink: 'https://shop.example.in/payment?orderId=ABCDE12345#payToken=t0k3n',
            payLinkExpiresAt: '2026-11-28T12:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<NewOrderForm />);
    await fillOrder(user);

    expect(screen.getByLabelText('City')).toHaveValue('Bengaluru');
    expect(screen.getByLabelText('PIN code')).toHaveValue('560038');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(await within(totals).findByText(formatInr(450))).toBeVisible();
    expect(within(totals).getByText(formatInr(61.02))).toBeVisible();

    // cash on delivery asks the server again: its fee shows
    await user.click(screen.getByLabelText('Cash on delivery'));
    expect(await within(totals).findByText(formatInr(30))).toBeVisible();
    expect(sent.quote.at(-1)).toMatchObject({ payment: 'cod', customerId: asha.id });
    await user.click(screen.getByLabelText('Payment link'));

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Order ABCDE12345 placed' })).toBeVisible();
    expect(orders[0]).toEqual({
      customer: { kind: 'existing', id: asha.id },
      lines: [{ productId: notebook.id, quantity: 2, size: 'A5', color: 'Red' }],
      shippingAddress: {
        fullName: 'Asha Verma',
        address: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560038',
        phone: '+919876543210',
      },
      payment: 'link',
    });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Payment link')).toHaveValue(
      'https://shop.example.in/payment?orderId=ABCDE12345#payToken=t0k3n',
    );
  });

  it('a new customer: the contract’s rules name each field before anything is sent', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<NewOrderForm />);
    await user.click(screen.getByLabelText('New customer'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Please correct the marked fields')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Add at least one product')).toBeVisible();
    expect(screen.getByLabelText('PIN code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal on the line (out of stock) and keeps the form', async () => {
    serve();
    server.use(
      http.post(`${ADMIN_API}/orders`, () =>
        HttpResponse.json(
          {
            error: 'Only 1 left of A5 Notebook',
            code: 'out_of_stock',
            fields: { 'lines.0': 'Only 1 left of A5 Notebook', 'lines.0.available': '1' },
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<NewOrderForm />);
    await fillOrder(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const lines = screen.getByRole('list', { name: 'Order lines' });
    expect(await within(lines).findByText('Only 1 left of A5 Notebook')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });
});
