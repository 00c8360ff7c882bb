// Issue 26: checkout remembers the shopper: "Saved addresses" with the default preselected,
// "Save this address" for a new one, and the account's name and mobile prefilled, never over
// what the shopper typed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedAddress } from '@store/contracts/addresses';
import { CART_STORAGE_KEY } from '@/state/cart/cart-reducer';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as CheckoutRoute } from './checkout-route';

const saved = (over: Partial<SavedAddress>): SavedAddress => ({
  id: 'a1',
  label: null,
  fullName: 'Asha Verma',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '+919876543210',
  isDefault: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const home = saved({ id: 'a1', label: 'home', isDefault: true });
const office = saved({
  id: 'a2',
  label: 'work',
  address: '4th Floor, Prestige Towers, Residency Road',
  postalCode: '560025',
  phone: '+919812345678',
});

function renderCheckout() {
  window.localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([{ id: 'p2', name: 'Ink Bottle', image: '', price: 99, quantity: 1 }]),
  );
  return renderWithProviders(<CheckoutRoute />, { route: '/checkout', path: '/checkout' });
}

const formValues = () => ({
  fullName: (screen.getByLabelText('Full Name') as HTMLInputElement).value,
  address: (screen.getByLabelText('Address') as HTMLInputElement).value,
  city: (screen.getByLabelText('City') as HTMLInputElement).value,
  state: (screen.getByLabelText('State') as HTMLSelectElement).value,
  postalCode: (screen.getByLabelText('PIN Code') as HTMLInputElement).value,
  phone: (screen.getByLabelText('Phone') as HTMLInputElement).value,
});

function captureOrder() {
  const sent: { body?: Record<string, unknown> } = {};
  server.use(
    http.post(`${API}/orders`, async ({ request }) => {
      sent.body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ id: 'K7M2QX9P' }, { status: 201 });
    }),
  );
  return sent;
}

describe('checkout with saved addresses', () => {
  beforeEach(() => {
    setAuthToken('token');
    server.use(
      http.get(`${API}/account/addresses`, () => HttpResponse.json({ data: [home, office] })),
      http.get(`${API}/accountInfo`, () =>
        HttpResponse.json({
          data: {
            firstName: 'Asha',
            lastName: 'Verma',
            email: 'asha@example.in',
            phone: '+919876543210',
          },
        }),
      ),
    );
  });

  it('preselects the default and fills the form, which stays editable; another pick fills it again', async () => {
    renderCheckout();
    const group = await screen.findByRole('group', { name: 'Saved addresses' });
    await waitFor(() => expect(formValues().address).toBe(home.address));
    expect(formValues()).toEqual({
      fullName: 'Asha Verma',
      address: home.address,
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      phone: '+919876543210',
    });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios[0]).toBeChecked();
    expect(group).toHaveTextContent('Default');
    // a saved address, unchanged, needs no saving
    expect(screen.queryByLabelText('Save this address')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Prestige Towers/ }));
    expect(formValues().address).toBe(office.address);
    expect(formValues().phone).toBe('+919812345678');

    // still editable: a changed address is a new one, offered for saving
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '5th Floor, Prestige Towers');
    expect(screen.getByLabelText('Save this address')).not.toBeChecked();
  });

  it('a new address starts blank but for the name and mobile, and is saved with the order when ticked', async () => {
    const sent = captureOrder();
    renderCheckout();
    await waitFor(() => expect(formValues().address).toBe(home.address));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Deliver to a new address' }));
    expect(formValues()).toEqual({
      fullName: 'Asha Verma',
      address: '',
      city: '',
      state: '',
      postalCode: '',
      phone: '+919876543210',
    });
    await user.type(screen.getByLabelText('Address'), '7 Park Street');
    await user.type(screen.getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await user.type(screen.getByLabelText('PIN Code'), '560001');
    await user.click(screen.getByLabelText('Save this address'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(sent.body).toBeDefined());
    expect(sent.body).toMatchObject({
      saveAddress: true,
      shippingAddress: { address: '7 Park Street', phone: '+919876543210' },
    });
  });

  it('does not ask to save a saved address picked as it is', async () => {
    const sent = captureOrder();
    renderCheckout();
    await waitFor(() => expect(formValues().address).toBe(home.address));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(sent.body).toBeDefined());
    expect(sent.body).not.toHaveProperty('saveAddress');
    expect(sent.body!.shippingAddress).toMatchObject({ address: home.address });
  });
});

describe('checkout without saved addresses', () => {
  beforeEach(() => setAuthToken('token'));

  it("prefills the account's name and mobile", async () => {
    server.use(
      http.get(`${API}/accountInfo`, () =>
        HttpResponse.json({
          data: { firstName: 'Asha', lastName: 'Verma', phone: '+919876543210' },
        }),
      ),
    );
    renderCheckout();
    await waitFor(() => expect(formValues().fullName).toBe('Asha Verma'));
    expect(formValues().phone).toBe('+919876543210');
    expect(screen.queryByRole('group', { name: 'Saved addresses' })).not.toBeInTheDocument();
    // a first address: offered for saving
    expect(screen.getByLabelText('Save this address')).toBeInTheDocument();
  });

  it('never writes over what the shopper typed before the account arrived', async () => {
    server.use(
      http.get(`${API}/accountInfo`, async () => {
        await delay(600);
        return HttpResponse.json({
          data: { firstName: 'Asha', lastName: 'Verma', phone: '+919876543210' },
        });
      }),
    );
    renderCheckout();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full Name'), 'Ravi Kumar');
    // the account has answered once a field still blank shows its mobile
    await waitFor(() => expect(formValues().phone).toBe('+919876543210'), { timeout: 3000 });
    expect(formValues().fullName).toBe('Ravi Kumar');
  });
});
