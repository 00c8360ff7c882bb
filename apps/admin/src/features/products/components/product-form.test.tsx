import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '@store/contracts/admin/categories';
import { adminMessages } from '@store/contracts/admin/common';
import type { AdminProduct, ProductForm } from '@store/contracts/admin/products';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ProductFormView } from './product-form';

const categories: AdminCategory[] = [
  {
    id: 'c1',
    name: 'Notebooks',
    position: 0,
    imageUrl: '',
    parentCategories: ['Paper'],
    productCount: 3,
  },
  { id: 'c2', name: 'Pens', position: 1, imageUrl: '', parentCategories: [], productCount: 1 },
];

const savedProduct = (form: ProductForm): AdminProduct => ({
  id: 'p1',
  slug: 'dotted-notebook',
  ...form,
  parentCategory: form.parentCategory,
  archived: false,
  ordered: false,
  attributes: form.attributes.map((a) => ({ ...a, metricUnit: a.metricUnit ?? null })),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function setup(props: Partial<Parameters<typeof ProductFormView>[0]> = {}) {
  const onSave = vi.fn(async (form: ProductForm) => savedProduct(form));
  const upload = vi.fn();
  renderWithProviders(
    <ProductFormView categories={categories} onSave={onSave} upload={upload} {...props} />,
  );
  return { onSave, upload, user: userEvent.setup({ applyAccept: false }) };
}

async function fillBasics(user: ReturnType<typeof userEvent.setup>, regular: string) {
  await user.type(screen.getByLabelText('Title'), 'Dotted notebook');
  await user.selectOptions(screen.getByLabelText('Category'), 'Notebooks');
  await user.type(screen.getByLabelText('Regular price'), regular);
  await user.clear(screen.getByLabelText('HSN code'));
  await user.type(screen.getByLabelText('HSN code'), '4820');
  await user.selectOptions(screen.getByLabelText('GST rate'), '0%');
}

describe('the product form', () => {
  it('refuses a discounted price above the regular price, with the message on that field', async () => {
    const { onSave, user } = setup();
    await fillBasics(user, '100');
    await user.type(screen.getByLabelText('Discounted price'), '120');
    await user.click(screen.getByRole('button', { name: 'Save product' }));

    const field = screen.getByLabelText('Discounted price');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const message = document.getElementById(
      field
        .getAttribute('aria-describedby')!
        .split(' ')
        .find((id) => id.endsWith('-error'))!,
    );
    expect(message).toHaveTextContent(adminMessages.discountAboveRegular);
    expect(message).toHaveAttribute('role', 'alert');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves rupees as typed, with an empty discounted price as none', async () => {
    const { onSave, user } = setup();
    await fillBasics(user, '99.50');
    await user.click(screen.getByLabelText('Published'));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      title: 'Dotted notebook',
      category: 'Notebooks',
      parentCategory: null,
      regularPrice: 99.5,
      discountedPrice: null,
      hsnCode: '4820',
      gstRateBp: 0,
      stock: 0,
      published: true,
      featured: false,
    });
  });

  it('starts a new product from its category’s usual HSN heading and rate, as the CSV does', async () => {
    const { onSave, user } = setup();
    await user.type(screen.getByLabelText('Title'), 'Geometry box');
    await user.selectOptions(screen.getByLabelText('Category'), 'Pens');
    expect(screen.getByLabelText('HSN code')).toHaveValue('4820');
    expect(screen.getByLabelText('GST rate')).toHaveValue('1800');
    // the owner's own choice stays when the category changes
    await user.clear(screen.getByLabelText('HSN code'));
    await user.type(screen.getByLabelText('HSN code'), '7326');
    await user.selectOptions(screen.getByLabelText('Category'), 'Notebooks');
    expect(screen.getByLabelText('HSN code')).toHaveValue('7326');
    await user.type(screen.getByLabelText('Regular price'), '150');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ hsnCode: '7326', gstRateBp: 1800 });
  });

  it('requires an HSN code of 4, 6 or 8 digits and a GST rate from the list', async () => {
    const { onSave, user } = setup();
    await user.type(screen.getByLabelText('Title'), 'Geometry box');
    await user.selectOptions(screen.getByLabelText('Category'), 'Pens');
    await user.type(screen.getByLabelText('Regular price'), '150');
    await user.clear(screen.getByLabelText('HSN code'));
    await user.type(screen.getByLabelText('HSN code'), '732');
    await user.selectOptions(screen.getByLabelText('GST rate'), 'Choose a rate');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('HSN code must be 4, 6 or 8 digits')).toBeVisible();
    expect(screen.getByText('Choose a GST rate')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();

    expect(
      within(screen.getByLabelText('GST rate'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a rate', '0%', '0.25%', '3%', '5%', '12%', '18%', '28%', '40%']);
    await user.type(screen.getByLabelText('HSN code'), '6');
    await user.selectOptions(screen.getByLabelText('GST rate'), '5%');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ hsnCode: '7326', gstRateBp: 500 });
  });

  it('shows a stock grid of every size × colour, rebuilt as values come and go', async () => {
    const { onSave, user } = setup();
    await fillBasics(user, '50');
    expect(screen.getByLabelText('Stock')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add sizes' }));
    await user.type(screen.getByLabelText('New value of Size'), 'S{Enter}M{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add colours' }));
    await user.type(screen.getByLabelText('New value of Colours'), 'Red{Enter}Blue{Enter}');

    const grid = screen.getByRole('table', { name: 'Stock per size and colour' });
    expect(within(grid).getAllByRole('spinbutton')).toHaveLength(4);
    expect(screen.queryByLabelText('Stock')).toBeNull();
    await user.type(screen.getByLabelText('Stock S Red'), '3');
    await user.type(screen.getByLabelText('Stock M Blue'), '2');

    await user.click(screen.getByRole('button', { name: 'Remove M from Size' }));
    expect(within(grid).getAllByRole('spinbutton')).toHaveLength(2);
    expect(screen.getByLabelText('Stock S Red')).toHaveValue(3);
    expect(screen.queryByLabelText('Stock M Blue')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    const sent = onSave.mock.calls[0]![0];
    expect(sent.variantStock).toEqual([
      { size: 'S', color: 'Red', onHand: 3 },
      { size: 'S', color: 'Blue', onHand: 0 },
    ]);
    expect(sent.stock).toBe(3);
    expect(sent.attributes).toEqual([
      { key: 'Size', values: ['S'], metricUnit: null },
      { key: 'Colours', values: ['Red', 'Blue'], metricUnit: null },
    ]);
  });

  it('refuses a text file and a file over 10 MB before uploading', async () => {
    const { upload, user } = setup();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Upload images'), [text, big]);

    const problems = await screen.findByRole('alert');
    expect(problems).toHaveTextContent('notes.txt is not a JPEG, PNG or WebP image');
    expect(problems).toHaveTextContent('huge.jpg is larger than 10 MB');
    expect(upload).not.toHaveBeenCalled();
  });

  it("uploads a good image, shows its thumbnail and shows the server's refusal of another", async () => {
    const { upload, user } = setup();
    upload
      .mockResolvedValueOnce({
        imageId: 'i1',
        url: '/media/i1/640.webp',
        width: 640,
        height: 640,
        srcset: { webp: '', avif: '' },
      })
      .mockRejectedValueOnce(new ApiError(415, 'Upload a JPEG, PNG or WebP image'));
    await user.upload(screen.getByLabelText('Upload images'), [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByRole('img', { name: 'Image 1 (main)' })).toHaveAttribute(
      'src',
      '/media/i1/640.webp',
    );
    expect(await screen.findByText('b.png: Upload a JPEG, PNG or WebP image')).toBeVisible();
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('reorders and removes images with buttons', async () => {
    const product = savedProduct({
      title: 'Pen',
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
      stock: 5,
      featured: false,
      published: true,
      images: [
        { url: '/a.webp', imageId: 'a' },
        { url: '/b.webp', imageId: 'b' },
      ],
      attributes: [],
      variantStock: [],
    });
    const { onSave, user } = setup({ product });
    await user.click(screen.getByRole('button', { name: 'Move image 2 up' }));
    expect(screen.getByRole('img', { name: 'Image 1 (main)' })).toHaveAttribute('src', '/b.webp');
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0].images).toEqual([{ url: '/b.webp', imageId: 'b' }]);
  });

  it('saves the SKU, the barcode as its digits and the weight in grams', async () => {
    const { onSave, user } = setup();
    await fillBasics(user, '60');
    await user.type(screen.getByLabelText('SKU'), 'NB-DOT-A5');
    await user.type(screen.getByLabelText('Barcode'), '8 901030 865275');
    await user.type(screen.getByLabelText('Weight (g)'), '350');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      sku: 'NB-DOT-A5',
      barcode: '8901030865275',
      weightGrams: 350,
    });
  });

  it('sends none for codes and weight left empty', async () => {
    const { onSave, user } = setup();
    await fillBasics(user, '60');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ sku: null, barcode: null, weightGrams: null });
  });

  it('refuses a mistyped barcode and a fractional weight on their fields, before asking the server', async () => {
    const { onSave, user } = setup();
    await fillBasics(user, '60');
    await user.type(screen.getByLabelText('Barcode'), '8901030865276');
    await user.type(screen.getByLabelText('Weight (g)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await screen.findByText(
        'This barcode’s last digit does not match the others: check each digit',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Barcode')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Weight (g)')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the weight in whole grams'),
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the server’s word on a SKU another product has, on the SKU field', async () => {
    const message = 'Another product already has the SKU "NB-1": Ruled notebook';
    const onSave = vi
      .fn()
      .mockRejectedValue(new ApiError(409, message, { fields: { sku: message } }));
    const { user } = setup({ onSave });
    await fillBasics(user, '10');
    await user.type(screen.getByLabelText('SKU'), 'NB-1');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's field errors on the fields", async () => {
    const onSave = vi.fn().mockRejectedValue(
      new ApiError(400, 'Invalid input', {
        fields: { category: 'Choose a category from the Categories screen' },
      }),
    );
    const { user } = setup({ onSave });
    await fillBasics(user, '10');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Choose a category from the Categories screen')).toBeVisible();
    expect(screen.getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid input')).toBeNull();
  });

  it('asks before a link leaves edits unsaved; Stay keeps them, Leave goes', async () => {
    const onSave = vi.fn(async (form: ProductForm) => savedProduct(form));
    renderWithProviders(
      <>
        <Link to="/products">← Products</Link>
        <ProductFormView categories={categories} onSave={onSave} />
      </>,
      { route: '/products/new' },
    );
    const user = userEvent.setup();
    const location = () => screen.getByTestId('location').textContent;

    await user.type(screen.getByLabelText('Title'), 'Dotted notebook');
    await user.click(screen.getByRole('link', { name: '← Products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/products/new');
    expect(screen.getByLabelText('Title')).toHaveValue('Dotted notebook');

    await user.click(screen.getByRole('link', { name: '← Products' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await expect.poll(location).toBe('/products');
  });

  it('leaves at once when nothing was changed', async () => {
    renderWithProviders(
      <>
        <Link to="/products">← Products</Link>
        <ProductFormView categories={categories} onSave={vi.fn()} />
      </>,
      { route: '/products/new' },
    );
    await userEvent.setup().click(screen.getByRole('link', { name: '← Products' }));
    await expect.poll(() => screen.getByTestId('location').textContent).toBe('/products');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a saved product unchanged: leaving it asks nothing (its one stock row included)', async () => {
    const plain = {
      ...savedProduct({
        title: 'Ledger',
        description: '',
        category: 'Notebooks',
        parentCategory: null,
        regularPrice: 240,
        discountedPrice: null,
        hsnCode: '4820',
        gstRateBp: 1800,
        sku: 'LED-1',
        barcode: null,
        weightGrams: 640,
        stock: 6,
        featured: false,
        published: true,
        images: [],
        attributes: [],
        variantStock: [],
      }),
      // the API lists a product without sizes or colours with its one stock row
      variantStock: [{ size: '', color: '', onHand: 6 }],
    };
    renderWithProviders(
      <>
        <Link to="/products">← Products</Link>
        <ProductFormView product={plain} categories={categories} onSave={vi.fn()} />
      </>,
      { route: '/products/p1' },
    );
    await userEvent.setup().click(screen.getByRole('link', { name: '← Products' }));
    await expect.poll(() => screen.getByTestId('location').textContent).toBe('/products');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
