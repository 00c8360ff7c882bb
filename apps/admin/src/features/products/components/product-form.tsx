import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminCategory } from '@store/contracts/admin/categories';
import { formatGstRate, GST_RATES_BP, usualGstOfCategory } from '@store/contracts/gst';
import {
  productFormSchema,
  type AdminProduct,
  type ProductForm,
  type ProductFormInput,
} from '@store/contracts/admin/products';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { Select } from '@store/ui/select';
import { Textarea } from '@store/ui/textarea';
import { FieldError } from '@store/ui/label';
import { applyServerErrors } from '@/lib/api-client';
import type { uploadImage } from '@/lib/images';
import { FormSection } from '@/components/form-section';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { variantAxes, variantGrid } from '../lib/variant-grid';
import { AttributesEditor } from './attributes-editor';
import { ImageList } from './image-list';
import { ProductCodesFields } from './product-codes-fields';
import type { ProductFormApi } from './product-form-types';
import { VariantStockGrid } from './variant-stock-grid';

const formFields = [
  'slug',
  'title',
  'description',
  'category',
  'parentCategory',
  'regularPrice',
  'discountedPrice',
  'hsnCode',
  'gstRateBp',
  'sku',
  'barcode',
  'weightGrams',
  'stock',
  'featured',
  'published',
  'images',
  'attributes',
  'variantStock',
] as const;

/** The form's values for a stored product, or the empty form of a new one. */
export function productFormValues(product?: AdminProduct): ProductFormInput {
  if (!product)
    return {
      title: '',
      description: '',
      category: '',
      parentCategory: null,
      // empty inputs until typed: the schema then names the field
      regularPrice: undefined as unknown as number,
      discountedPrice: null,
      // chosen by the owner: the rate decides the tax on every invoice
      hsnCode: '',
      gstRateBp: undefined as unknown as number,
      sku: null,
      barcode: null,
      weightGrams: null,
      stock: 0,
      featured: false,
      published: false,
      images: [],
      attributes: [],
      variantStock: [],
    };
  const axes = variantAxes(product.attributes);
  return {
    slug: product.slug ?? undefined,
    title: product.title,
    description: product.description,
    category: product.category,
    parentCategory: product.parentCategory,
    regularPrice: product.regularPrice,
    discountedPrice: product.discountedPrice,
    hsnCode: product.hsnCode,
    gstRateBp: product.gstRateBp,
    sku: product.sku,
    barcode: product.barcode,
    weightGrams: product.weightGrams,
    stock: product.stock,
    featured: product.featured,
    published: product.published,
    images: product.images.map((i) =>
      i.imageId ? { imageId: i.imageId, url: i.url } : { url: i.url },
    ),
    attributes: product.attributes.map((a) => ({
      key: a.key,
      values: a.values,
      metricUnit: a.metricUnit,
    })),
    // as the stock grid keeps it (a product without sizes or colours has none; the API lists its
    // one stock row): the form opens unchanged, so leaving it asks nothing
    variantStock: variantGrid(axes.sizes, axes.colours, product.variantStock),
    // what the form shows: the server applies only the owner's changes to today's units
    stockSeen: product.variantStock,
  };
}

/** '' (an emptied number input) is no number: undefined lets the schema say which field. */
const toNumber = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : Number(v);
const toNumberOrNull = (v: unknown) =>
  v === '' || v === null || v === undefined ? null : Number(v);
const toTextOrNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
const toTextOrUndefined = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

function StockField({ form }: { form: ProductFormApi }) {
  const attributes = useWatch({ control: form.control, name: 'attributes' }) ?? [];
  const { sizes, colours } = variantAxes(attributes);
  if (sizes.length || colours.length) return <VariantStockGrid form={form} />;
  return (
    <>
      <HookFormField
        form={form}
        name="stock"
        id="product-stock"
        label="Stock"
        hint="Units on hand. Add sizes or colours to keep stock for each."
        registerOptions={{ setValueAs: toNumber }}
        className="max-w-xs"
      >
        {(control) => <Input type="number" inputMode="numeric" min={0} step={1} {...control} />}
      </HookFormField>
      <VariantStockGrid form={form} />
    </>
  );
}

/**
 * The product form (New product and a product's page): validated by the API's own schema, the
 * server's field messages put on the fields, prices in rupees.
 */
export function ProductFormView({
  product,
  categories,
  onSave,
  upload,
}: {
  product?: AdminProduct;
  categories: AdminCategory[];
  onSave: (form: ProductForm) => Promise<AdminProduct>;
  upload?: typeof uploadImage;
}) {
  const form: ProductFormApi = useForm<ProductFormInput, unknown, ProductForm>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormValues(product),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useRef(false);
  const category = useWatch({ control: form.control, name: 'category' });
  // A new product starts from its category's usual HSN heading and rate, as a CSV row without
  // them does: both stay the owner's to change, and a choice they made is never overwritten.
  useEffect(() => {
    if (product || !category) return;
    const usual = usualGstOfCategory(category);
    if (!form.getFieldState('hsnCode').isDirty) form.setValue('hsnCode', usual.hsnCode);
    if (!form.getFieldState('gstRateBp').isDirty) form.setValue('gstRateBp', usual.gstRateBp);
  }, [form, product, category]);

  const categoryNames = categories.map((c) => c.name);
  if (product && !categoryNames.includes(product.category)) categoryNames.push(product.category);
  const parentNames = [
    ...new Set(
      categories
        .filter((c) => !category || c.name === category)
        .flatMap((c) => c.parentCategories)
        .concat(categories.flatMap((c) => c.parentCategories)),
    ),
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    // with sizes or colours the product's stock is the sum of the grid
    const withStock =
      values.variantStock.length > 0
        ? { ...values, stock: values.variantStock.reduce((n, v) => n + v.onHand, 0) }
        : values;
    saving.current = true;
    try {
      const saved = await onSave(withStock);
      form.reset(productFormValues(saved));
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, formFields));
    } finally {
      saving.current = false;
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-[minmax(0,1fr)] gap-6"
      aria-label="Product"
    >
      <UnsavedChangesPrompt dirty={form.formState.isDirty} saving={saving} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <FormSection legend="Product">
            <HookFormField form={form} name="title" id="product-title" label="Title">
              {(control) => <Input autoComplete="off" {...control} />}
            </HookFormField>
            <HookFormField
              form={form}
              name="description"
              id="product-description"
              label="Description"
            >
              {(control) => <Textarea rows={6} {...control} />}
            </HookFormField>
            <HookFormField
              form={form}
              name="slug"
              id="product-slug"
              label="Slug"
              hint="The product's address on the storefront; left empty, it is made from the title."
              registerOptions={{ setValueAs: toTextOrUndefined }}
            >
              {(control) => <Input autoComplete="off" spellCheck={false} {...control} />}
            </HookFormField>
          </FormSection>
          <ImageList form={form} upload={upload} />
          <AttributesEditor form={form} />
          <FormSection legend="Stock">
            <StockField form={form} />
          </FormSection>
        </div>
        <div className="grid content-start gap-6">
          <FormSection legend="Status">
            <HookFormField
              form={form}
              name="published"
              id="product-published"
              label="Published"
              inline
              hint="Shown on the storefront"
            >
              {(control) => <input type="checkbox" className="mt-0.5 size-4" {...control} />}
            </HookFormField>
            <HookFormField
              form={form}
              name="featured"
              id="product-featured"
              label="Featured"
              inline
              hint="In the storefront's featured products"
            >
              {(control) => <input type="checkbox" className="mt-0.5 size-4" {...control} />}
            </HookFormField>
          </FormSection>
          <FormSection legend="Organisation">
            <HookFormField form={form} name="category" id="product-category" label="Category">
              {(control) => (
                <Select {...control}>
                  <option value="">Choose a category</option>
                  {categoryNames.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </Select>
              )}
            </HookFormField>
            <HookFormField
              form={form}
              name="parentCategory"
              id="product-parent-category"
              label="Parent category"
              hint="Optional, e.g. the department the category belongs to"
              registerOptions={{ setValueAs: toTextOrNull }}
            >
              {(control) => (
                <>
                  <Input list="product-parent-options" autoComplete="off" {...control} />
                  <datalist id="product-parent-options">
                    {parentNames.map((name) => (
                      <option key={name} value={name} />
                    ))}
                  </datalist>
                </>
              )}
            </HookFormField>
          </FormSection>
          <FormSection legend="Pricing" description="In rupees, e.g. 120 or 99.50">
            <HookFormField
              form={form}
              name="regularPrice"
              id="product-regular-price"
              label="Regular price"
              registerOptions={{ setValueAs: toNumber }}
            >
              {(control) => (
                <Input type="number" inputMode="decimal" step="0.01" min="0" {...control} />
              )}
            </HookFormField>
            <HookFormField
              form={form}
              name="discountedPrice"
              id="product-discounted-price"
              label="Discounted price"
              hint="Optional; at most the regular price"
              registerOptions={{ setValueAs: toNumberOrNull }}
            >
              {(control) => (
                <Input type="number" inputMode="decimal" step="0.01" min="0" {...control} />
              )}
            </HookFormField>
          </FormSection>
          <FormSection
            legend="Tax"
            description="Prices include GST; each order line records its share at this rate."
          >
            <HookFormField
              form={form}
              name="hsnCode"
              id="product-hsn-code"
              label="HSN code"
              hint="4, 6 or 8 digits, e.g. 4820 for notebooks and diaries"
            >
              {(control) => (
                <Input inputMode="numeric" autoComplete="off" spellCheck={false} {...control} />
              )}
            </HookFormField>
            <HookFormField
              form={form}
              name="gstRateBp"
              id="product-gst-rate"
              label="GST rate"
              registerOptions={{ setValueAs: toNumber }}
            >
              {(control) => (
                <Select {...control}>
                  <option value="">Choose a rate</option>
                  {GST_RATES_BP.map((bp) => (
                    <option key={bp} value={bp}>
                      {formatGstRate(bp)}%
                    </option>
                  ))}
                </Select>
              )}
            </HookFormField>
          </FormSection>
          <ProductCodesFields form={form} />
        </div>
      </div>
      <FieldError className="font-medium">{problem}</FieldError>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save product'}
        </Button>
        {form.formState.isSubmitted && !form.formState.isValid && !problem ? (
          <p role="alert" className="text-sm text-destructive">
            Check the fields marked above.
          </p>
        ) : null}
      </div>
    </form>
  );
}
