import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FormSection } from '@/components/form-section';
import type { ProductFormApi } from './product-form-types';

/** '' (an emptied input) is none: the schema reads null as "not given". */
const toTextOrNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
const toNumberOrNull = (v: unknown) =>
  v === '' || v === null || v === undefined ? null : Number(v);

/**
 * The product's SKU, barcode and weight: one for the product, not per size or colour
 * (docs/decisions/delivery-charges.md). The weight feeds delivery charges by weight.
 */
export function ProductCodesFields({ form }: { form: ProductFormApi }) {
  return (
    <FormSection legend="Codes and shipping">
      <HookFormField
        form={form}
        name="sku"
        id="product-sku"
        label="SKU"
        hint="Your own code for the product; unique in the store. Optional."
        registerOptions={{ setValueAs: toTextOrNull }}
      >
        {(control) => <Input autoComplete="off" spellCheck={false} maxLength={64} {...control} />}
      </HookFormField>
      <HookFormField
        form={form}
        name="barcode"
        id="product-barcode"
        label="Barcode"
        hint="The digits under the bars (EAN-13, UPC-A, EAN-8). Optional."
        registerOptions={{ setValueAs: toTextOrNull }}
      >
        {(control) => (
          <Input inputMode="numeric" autoComplete="off" spellCheck={false} {...control} />
        )}
      </HookFormField>
      <HookFormField
        form={form}
        name="weightGrams"
        id="product-weight"
        label="Weight (g)"
        hint="One unit as packed, in grams. Delivery charges by weight count it."
        registerOptions={{ setValueAs: toNumberOrNull }}
      >
        {(control) => <Input type="number" inputMode="numeric" min={0} step={1} {...control} />}
      </HookFormField>
    </FormSection>
  );
}
