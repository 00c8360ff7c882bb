import type { UseFormReturn } from 'react-hook-form';
import type { ProductForm, ProductFormInput } from '@store/contracts/admin/products';

/** The product form as react-hook-form holds it: what is typed in, what the schema gives out. */
export type ProductFormApi = UseFormReturn<ProductFormInput, unknown, ProductForm>;
