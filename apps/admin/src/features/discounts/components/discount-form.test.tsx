import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '@store/contracts/admin/categories';
import type { AdminDiscount, DiscountForm } from '@store/contracts/admin/discounts';
import { ApiError } from '@/lib/api-client';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { DiscountFormView } from './discount-form';

const categories: AdminCategory[] = [
  { id: 'c1', name: 'Diaries', position: 0, imageUrl: '', parentCategories: [], productCount: 4 },
  { id: 'c2', name: 'Pens', position: 1, imageUrl: '', parentCategories: [], productCount: 2 },
];

const saved = (form: DiscountForm): AdminDiscount => ({
  id: 'd1',
  code: form.code || null,
  name: form.name,
  description: '10% off',
  kind: form.kind,
  percent: form.kind === 'fixed' ? null : form.value,
  amountPaise: form.kind === 'fixed' ? Math.round((form.value ?? 0) * 100) : null,
  buyQuantity: form.buyQuantity,
  getQuantity: form.getQuantity,
  appliesTo: form.appliesTo,
  categories: categories.filter((c) => form.categoryIds.includes(c.id)),
  products: [],
  minOrderPaise: Math.round(form.minOrder * 100),
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  usageLimit: form.usageLimit,
  perCustomerLimit: form.perCustomerLimit,
  active: form.active,
  used: 0,
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

function setup(onSave = vi.fn(async (form: DiscountForm) => saved(form))) {
  renderWithProviders(<DiscountFormView categories={categories} onSave={onSave} />);
  return { onSave, user: userEvent.setup() };
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save discount' }));

describe('the New discount form', () => {
  it('saves a coupon code as the server keeps it: upper case, rupees and limits as typed', async () => {
    const { onSave, user } = setup();
    await user.type(screen.getByLabelText('Code'), 'diwali 10');
    await user.type(screen.getByLabelText('Value'), '10');
    await user.clear(screen.getByLabelText('Minimum order value'));
    await user.type(screen.getByLabelText('Minimum order value'), '999');
    await user.type(screen.getByLabelText('Usage limit'), '100');
    await user.type(screen.getByLabelText('Limit per customer'), '1');
    await save(user);
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      code: 'DIWALI10',
      kind: 'percentage',
      value: 10,
      appliesTo: 'all',
      minOrder: 999,
      endsAt: '',
      usageLimit: 100,
      perCustomerLimit: 1,
      active: true,
    });
  });

  it('names each wrong field: no value, Ends before Starts, no category chosen', async () => {
    const { onSave, user } = setup();
    await user.selectOptions(screen.getByLabelText('Applies to'), 'Categories');
    const starts = screen.getByLabelText('Starts');
    await user.clear(starts);
    await user.type(starts, '2026-11-10T10:00');
    await user.type(screen.getByLabelText('Ends'), '2026-11-09T10:00');
    await save(user);
    expect(
      await screen.findByText(
        'Enter a percentage above 0 and at most 100, with at most 2 decimals',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Value')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Ends must be after Starts')).toBeVisible();
    expect(screen.getByLabelText('Ends')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose at least one category')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Value'), '15');
    await user.clear(screen.getByLabelText('Ends'));
    await user.click(screen.getByLabelText('Pens'));
    await save(user);
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      code: '',
      appliesTo: 'categories',
      categoryIds: ['c2'],
      value: 15,
    });
  });

  it('asks Buy X get Y for both quantities, and Free delivery for no value', async () => {
    const { onSave, user } = setup();
    await user.selectOptions(screen.getByLabelText('Type'), 'Buy X get Y');
    await user.type(screen.getByLabelText('Value'), '100');
    await user.type(screen.getByLabelText('Buy quantity'), '2');
    await save(user);
    expect(
      await screen.findByText('Enter how many they get: a whole number from 1 to 99'),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Get quantity'), '1');
    await save(user);
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      kind: 'buy_x_get_y',
      value: 100,
      buyQuantity: 2,
      getQuantity: 1,
    });

    await user.selectOptions(screen.getByLabelText('Type'), 'Free delivery');
    expect(screen.queryByLabelText('Value')).toBeNull();
    expect(
      screen.getByText('Waives the delivery charge of the orders it applies to.'),
    ).toBeVisible();
  });

  it('puts the server’s refusal of a taken code on the Code field', async () => {
    const message = 'There is already a discount with the code SAVE10';
    const { user } = setup(
      vi.fn(async () => {
        throw new ApiError(409, message, { code: 'conflict', fields: { code: message } });
      }),
    );
    await user.type(screen.getByLabelText('Code'), 'SAVE10');
    await user.type(screen.getByLabelText('Value'), '10');
    await save(user);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('chooses products by searching, and removes one again', async () => {
    server.use(
      http.get(`${ADMIN_API}/products`, ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        const all = [
          { id: 'p1', title: 'Gel Pen Blue' },
          { id: 'p2', title: 'Gel Pen Black' },
          { id: 'p3', title: 'Leather Diary' },
        ];
        return HttpResponse.json({
          data: all.filter((p) => p.title.toLowerCase().includes(q.toLowerCase())),
          total: 2,
          page: 1,
          limit: 8,
        });
      }),
    );
    const { onSave, user } = setup();
    await user.type(screen.getByLabelText('Value'), '5');
    await user.selectOptions(screen.getByLabelText('Applies to'), 'Products');
    await save(user);
    expect(await screen.findByText('Choose at least one product')).toBeVisible();

    await user.type(screen.getByLabelText('Find a product'), 'gel');
    const matches = await screen.findByRole('list', { name: 'Matching products' });
    await user.click(within(matches).getByRole('button', { name: 'Add Gel Pen Blue' }));
    await user.click(within(matches).getByRole('button', { name: 'Add Gel Pen Black' }));
    const chosen = screen.getByRole('list', { name: 'Chosen products' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gel Pen Blue', 'Gel Pen Black']);
    await user.click(screen.getByRole('button', { name: 'Remove Gel Pen Blue' }));
    await save(user);
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ appliesTo: 'products', productIds: ['p2'] });
  });
});
