/**
 * Test helper: products made through the back office's own route, as the owner would, so the
 * search triggers, stock rows and cache clearing all run as they do for real.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ProductFormInput } from '@store/contracts/admin/products';
import type { SignedInStaff } from './staff';

/** A valid, published product form; `over` changes what a test is about. */
export const productForm = (over: Partial<ProductFormInput>): ProductFormInput => ({
  title: 'Test Product',
  description: 'Plain.',
  category: 'Accessories',
  parentCategory: null,
  regularPrice: 100,
  discountedPrice: null,
  hsnCode: '4820',
  gstRateBp: 0,
  stock: 5,
  featured: false,
  published: true,
  images: [{ url: '/images/products/a.svg' }],
  attributes: [],
  variantStock: [],
  ...over,
});

/** Creates (POST) or, with `id`, replaces (PUT) a product; its id. */
export async function saveProduct(
  app: FastifyInstance,
  staff: SignedInStaff,
  over: Partial<ProductFormInput>,
  id?: string,
): Promise<string> {
  const res = await app.inject({
    method: id ? 'PUT' : 'POST',
    url: `/api/v1/admin/products${id ? `/${id}` : ''}`,
    headers: staff.headers,
    payload: productForm(over),
  });
  expect(res.statusCode, res.body).toBe(id ? 200 : 201);
  return res.json().id as string;
}
