// Issue 26: the address book at /account/addresses, against an MSW book that behaves like the
// server's (one default, the first address default, deleting the default moves it).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_MAX,
  addressBookFullMessage,
  type SavedAddress,
} from '@store/contracts/addresses';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Component as AddressesRoute } from './addresses-route';

let book: SavedAddress[];
let next = 0;
const requests: { method: string; url: string; body?: unknown }[] = [];

function address(over: Partial<SavedAddress>): SavedAddress {
  return {
    id: `a${++next}`,
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
  };
}

const sorted = () => [...book].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));

beforeEach(() => {
  setAuthToken('token');
  book = [];
  requests.length = 0;
  server.use(
    http.get(`${API}/account/addresses`, () => HttpResponse.json({ data: sorted() })),
    http.post(`${API}/account/addresses`, async ({ request }) => {
      const body = (await request.json()) as SavedAddress;
      requests.push({ method: 'POST', url: request.url, body });
      if (book.length >= ADDRESS_BOOK_MAX)
        return HttpResponse.json(
          { error: addressBookFullMessage, code: 'conflict' },
          { status: 409 },
        );
      const made = address({ ...body, isDefault: book.length === 0 });
      book.push(made);
      return HttpResponse.json({ data: made }, { status: 201 });
    }),
    http.put(`${API}/account/addresses/:id`, async ({ request, params }) => {
      const body = (await request.json()) as SavedAddress;
      requests.push({ method: 'PUT', url: request.url, body });
      book = book.map((a) => (a.id === params.id ? { ...a, ...body, isDefault: a.isDefault } : a));
      return HttpResponse.json({ data: book.find((a) => a.id === params.id) });
    }),
    http.post(`${API}/account/addresses/:id/default`, ({ request, params }) => {
      requests.push({ method: 'POST', url: request.url });
      book = book.map((a) => ({ ...a, isDefault: a.id === params.id }));
      return HttpResponse.json({ data: book.find((a) => a.id === params.id) });
    }),
    http.delete(`${API}/account/addresses/:id`, ({ request, params }) => {
      requests.push({ method: 'DELETE', url: request.url });
      const gone = book.find((a) => a.id === params.id);
      book = book.filter((a) => a.id !== params.id);
      if (gone?.isDefault && book[0]) book[0].isDefault = true;
      return HttpResponse.json({ data: sorted() });
    }),
  );
});

const renderBook = () =>
  renderWithProviders(<AddressesRoute />, {
    route: '/account/addresses',
    path: '/account/addresses',
  });

const entries = () =>
  within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem');

describe('address book', () => {
  it('starts empty and adds a first address, which becomes the default', async () => {
    renderBook();
    expect(await screen.findByText('No saved addresses yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Full Name'), 'Asha Verma');
    await user.type(within(form).getByLabelText('Address'), '7 Park Street');
    await user.type(within(form).getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(within(form).getByLabelText('State'), 'Karnataka');
    await user.type(within(form).getByLabelText('PIN Code'), '560001');
    await user.type(within(form).getByLabelText('Phone'), '9876543210');
    await user.selectOptions(within(form).getByLabelText('Address type (optional)'), 'home');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await expectToast('Address saved');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: {
        fullName: 'Asha Verma',
        address: '7 Park Street',
        postalCode: '560001',
        phone: '+919876543210',
        label: 'home',
      },
    });
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveTextContent('7 Park Street');
    expect(entries()[0]).toHaveTextContent('Home');
    expect(entries()[0]).toHaveTextContent('Default');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('checks the fields with the checkout rules before sending', async () => {
    renderBook();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await expectToast('All shipping information fields are required', {
      title: 'Please fill all fields',
      type: 'error',
    });
    expect(requests).toEqual([]);
  });

  it('edits an address, sets another as default and deletes after asking', async () => {
    book = [
      address({ id: 'home', label: 'home', isDefault: true }),
      address({ id: 'work', label: 'work', address: 'Prestige Towers, Residency Road' }),
    ];
    renderBook();
    await waitFor(() => expect(entries()).toHaveLength(2));
    const user = userEvent.setup();

    // edit: the form opens with the address in it
    await user.click(within(entries()[1]!).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('Address')).toHaveValue('Prestige Towers, Residency Road');
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), '5th Floor, Prestige Towers');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    // (an earlier test's 'Address saved' toast may still be up: sonner keeps them)
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: expect.stringMatching(/\/account\/addresses\/work$/),
      body: { address: '5th Floor, Prestige Towers', label: 'work' },
    });
    await waitFor(() => expect(entries()[1]).toHaveTextContent('5th Floor, Prestige Towers'));

    // set as default: only the other address offers it, and the list follows
    expect(within(entries()[0]!).queryByRole('button', { name: 'Set as default' })).toBeNull();
    await user.click(within(entries()[1]!).getByRole('button', { name: 'Set as default' }));
    await expectToast('Default address changed');
    await waitFor(() => expect(entries()[0]).toHaveTextContent('5th Floor, Prestige Towers'));
    expect(entries()[0]).toHaveTextContent('Default');

    // delete asks first; keeping it sends nothing
    const before = requests.length;
    await user.click(within(entries()[0]!).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(requests).toHaveLength(before);
    await user.click(within(entries()[0]!).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await expectToast('Address deleted');
    // the default went: the other address is the default now
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveTextContent('12 MG Road');
    expect(entries()[0]).toHaveTextContent('Default');
  });

  it(`stops adding at ${ADDRESS_BOOK_MAX} addresses and says why`, async () => {
    book = Array.from({ length: ADDRESS_BOOK_MAX }, (_, i) =>
      address({ address: `Flat ${i + 1}`, isDefault: i === 0 }),
    );
    renderBook();
    await waitFor(() => expect(entries()).toHaveLength(ADDRESS_BOOK_MAX));
    expect(screen.getByRole('button', { name: 'Add a new address' })).toBeDisabled();
    expect(screen.getByText(addressBookFullMessage)).toBeInTheDocument();
  });
});
