import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@store/contracts/admin/products';
import { renderWithProviders } from '@/test/render';
import { DeleteProduct } from './delete-product';

const product = (ordered: boolean): AdminProduct => ({
  id: 'p1',
  slug: 'red-pen',
  title: 'Red pen',
  description: '',
  category: 'Pens',
  parentCategory: null,
  regularPrice: 20,
  discountedPrice: null,
  hsnCode: '9608',
  gstRateBp: 1800,
  sku: null,
  barcode: null,
  weightGrams: null,
  stock: 3,
  featured: false,
  published: true,
  archived: false,
  ordered,
  images: [],
  attributes: [],
  variantStock: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('Delete product', () => {
  it('says an ordered product is archived, after a confirmation', async () => {
    const remove = vi.fn().mockResolvedValue({ outcome: 'archived' });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DeleteProduct product={product(true)} remove={remove} onDeleted={onDeleted} />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Red pen?' });
    expect(dialog).toHaveTextContent('It was ordered before, so it will be archived instead');
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Archive product' }));
    await expect.poll(() => onDeleted.mock.calls).toEqual([['archived']]);
    expect(remove).toHaveBeenCalledWith('p1');
  });

  it('keeps the product when the dialog is dismissed', async () => {
    const remove = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DeleteProduct product={product(false)} remove={remove} onDeleted={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    await user.click(await screen.findByRole('button', { name: 'Keep product' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });
});
