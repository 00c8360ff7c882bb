import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import type { AdminCategory } from '@store/contracts/admin/categories';
import {
  discountFormSchema,
  type AdminDiscount,
  type DiscountForm,
  type DiscountFormInput,
} from '@store/contracts/admin/discounts';
import {
  discountKindLabels,
  discountKinds,
  discountScopeLabels,
  discountScopes,
} from '@store/contracts/discounts';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { FormSection } from '@/components/form-section';
import { applyServerErrors } from '@/lib/api-client';
import { discountFormValues } from '../lib/discount-form-values';
import { ProductPicker } from './product-picker';

type DiscountFormApi = ReturnType<typeof useForm<DiscountFormInput, unknown, DiscountForm>>;

const formFields = [
  'code',
  'name',
  'kind',
  'value',
  'buyQuantity',
  'getQuantity',
  'appliesTo',
  'categoryIds',
  'productIds',
  'minOrder',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'active',
] as const;

/** '' (an emptied number input) is no number: null lets the schema say which field. */
const toNumberOrNull = (v: unknown) =>
  v === '' || v === null || v === undefined ? null : Number(v);
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v));

function ValueFields({ form }: { form: DiscountFormApi }) {
  const kind = useWatch({ control: form.control, name: 'kind' });
  if (kind === 'free_delivery')
    return (
      <p className="text-sm text-muted-foreground">
        Waives the delivery charge of the orders it applies to.
      </p>
    );
  const percent = kind !== 'fixed';
  return (
    <>
      <HookFormField
        form={form}
        name="value"
        id="discount-value"
        label="Value"
        hint={
          kind === 'buy_x_get_y'
            ? 'Percent off the units they get: 100 makes them free'
            : percent
              ? 'Percent off, e.g. 10 or 12.5'
              : 'Rupees off the order, e.g. 100'
        }
        registerOptions={{ setValueAs: toNumberOrNull }}
        className="max-w-xs"
      >
        {(control) => <Input type="number" inputMode="decimal" step="0.01" min="0" {...control} />}
      </HookFormField>
      {kind === 'buy_x_get_y' ? (
        <div className="flex flex-wrap gap-4">
          <HookFormField
            form={form}
            name="buyQuantity"
            id="discount-buy"
            label="Buy quantity"
            hint="Units the shopper pays for"
            registerOptions={{ setValueAs: toNumberOrNull }}
            className="w-40"
          >
            {(control) => <Input type="number" inputMode="numeric" min="1" step="1" {...control} />}
          </HookFormField>
          <HookFormField
            form={form}
            name="getQuantity"
            id="discount-get"
            label="Get quantity"
            hint="Units they get (the cheapest)"
            registerOptions={{ setValueAs: toNumberOrNull }}
            className="w-40"
          >
            {(control) => <Input type="number" inputMode="numeric" min="1" step="1" {...control} />}
          </HookFormField>
        </div>
      ) : null}
    </>
  );
}

function AppliesToFields({
  form,
  categories,
  discount,
}: {
  form: DiscountFormApi;
  categories: readonly AdminCategory[];
  discount?: AdminDiscount;
}) {
  const scope = useWatch({ control: form.control, name: 'appliesTo' });
  const { errors } = useFormState({ control: form.control, name: 'categoryIds' });
  const categoryError = errors.categoryIds?.message ?? errors.categoryIds?.root?.message;
  return (
    <>
      <HookFormField form={form} name="appliesTo" id="discount-applies-to" label="Applies to">
        {(control) => (
          <Select {...control}>
            {discountScopes.map((s) => (
              <option key={s} value={s}>
                {discountScopeLabels[s]}
              </option>
            ))}
          </Select>
        )}
      </HookFormField>
      {scope === 'categories' ? (
        <fieldset
          className="grid gap-2"
          aria-describedby={categoryError ? 'discount-categories-error' : undefined}
        >
          <legend className="text-sm font-medium">Categories</legend>
          {categories.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                value={c.id}
                {...form.register('categoryIds')}
              />
              {c.name}
            </label>
          ))}
          <FieldError id="discount-categories-error">{categoryError}</FieldError>
        </fieldset>
      ) : null}
      {scope === 'products' ? (
        <ProductPicker
          form={form}
          known={new Map(discount?.products.map((p) => [p.id, p.title]) ?? [])}
        />
      ) : null}
    </>
  );
}

/**
 * The New discount form (and a discount's page): validated by the API's own schema, the server's
 * field messages put on the fields.
 */
export function DiscountFormView({
  discount,
  categories,
  onSave,
}: {
  discount?: AdminDiscount;
  categories: readonly AdminCategory[];
  onSave: (form: DiscountForm) => Promise<AdminDiscount>;
}) {
  const form: DiscountFormApi = useForm<DiscountFormInput, unknown, DiscountForm>({
    resolver: zodResolver(discountFormSchema),
    defaultValues: discountFormValues(discount),
  });
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await onSave(values);
      form.reset(discountFormValues(saved));
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, formFields));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-6" aria-label="Discount">
      <FormSection legend="Discount">
        <HookFormField
          form={form}
          name="code"
          id="discount-code"
          label="Code"
          hint="What shoppers type in Coupon code, e.g. DIWALI10. Leave it empty for an automatic offer, applied to every cart it fits."
        >
          {(control) => (
            <Input
              autoComplete="off"
              spellCheck={false}
              className="uppercase"
              maxLength={50}
              {...control}
            />
          )}
        </HookFormField>
        <HookFormField
          form={form}
          name="name"
          id="discount-name"
          label="Name"
          hint="Optional: what shoppers read beside the discount. Empty: its rule, e.g. “10% off orders of ₹999 or more”."
        >
          {(control) => <Input autoComplete="off" {...control} />}
        </HookFormField>
        <HookFormField form={form} name="kind" id="discount-kind" label="Type">
          {(control) => (
            <Select {...control}>
              {discountKinds.map((k) => (
                <option key={k} value={k}>
                  {discountKindLabels[k]}
                </option>
              ))}
            </Select>
          )}
        </HookFormField>
        <ValueFields form={form} />
      </FormSection>
      <FormSection legend="Products and categories">
        <AppliesToFields form={form} categories={categories} discount={discount} />
      </FormSection>
      <FormSection
        legend="Conditions"
        description="Starts and Ends are India's time. Uses count orders that are not cancelled: an order that expires unpaid gives its use back."
      >
        <HookFormField
          form={form}
          name="minOrder"
          id="discount-min-order"
          label="Minimum order value"
          hint="In rupees, before discounts; 0 for none"
          registerOptions={{ setValueAs: toNumber }}
          className="max-w-xs"
        >
          {(control) => (
            <Input type="number" inputMode="decimal" step="0.01" min="0" {...control} />
          )}
        </HookFormField>
        <div className="flex flex-wrap gap-4">
          <HookFormField form={form} name="startsAt" id="discount-starts" label="Starts">
            {(control) => <Input type="datetime-local" {...control} />}
          </HookFormField>
          <HookFormField
            form={form}
            name="endsAt"
            id="discount-ends"
            label="Ends"
            hint="Empty: no end"
          >
            {(control) => <Input type="datetime-local" {...control} />}
          </HookFormField>
        </div>
        <div className="flex flex-wrap gap-4">
          <HookFormField
            form={form}
            name="usageLimit"
            id="discount-usage-limit"
            label="Usage limit"
            hint="Orders in all; empty: no limit"
            registerOptions={{ setValueAs: toNumberOrNull }}
            className="w-52"
          >
            {(control) => <Input type="number" inputMode="numeric" min="1" step="1" {...control} />}
          </HookFormField>
          <HookFormField
            form={form}
            name="perCustomerLimit"
            id="discount-customer-limit"
            label="Limit per customer"
            hint="Orders per shopper; empty: no limit"
            registerOptions={{ setValueAs: toNumberOrNull }}
            className="w-52"
          >
            {(control) => <Input type="number" inputMode="numeric" min="1" step="1" {...control} />}
          </HookFormField>
        </div>
      </FormSection>
      <FormSection legend="Status">
        <HookFormField
          form={form}
          name="active"
          id="discount-active"
          label="Active"
          inline
          hint="Carts and orders get it between Starts and Ends"
        >
          {(control) => <input type="checkbox" className="mt-0.5 size-4" {...control} />}
        </HookFormField>
      </FormSection>
      <FieldError className="font-medium">{problem}</FieldError>
      <div>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save discount'}
        </Button>
      </div>
    </form>
  );
}
