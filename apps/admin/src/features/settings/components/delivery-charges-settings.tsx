import { get, useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { StoreSettings, storeSettingsSchema } from '@store/contracts/admin/settings';
import { deliveryZoneIds, deliveryZoneLabels, type DeliveryZone } from '@store/contracts/delivery';
import { DELIVERY_BANDS_MAX } from '@store/contracts/delivery-charges';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError, Label } from '@store/ui/label';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;

const zeroEverywhere = () =>
  Object.fromEntries(deliveryZoneIds.map((id) => [id, 0])) as Record<DeliveryZone, number>;

/** '' (an emptied input) is no threshold. */
const toRupeesOrNull = (v: unknown) =>
  v === '' || v === null || v === undefined ? null : Number(v);

const rupeeInput = (control: object) => (
  <Input type="number" inputMode="decimal" min={0} step="0.01" {...control} />
);

/** Five amounts, one per zone: a band's charges or the weight rule's step charges. */
function ZoneAmounts({
  form,
  name,
  prefix,
}: {
  form: Form;
  name: `deliveryCharges.bands.${number}.charges` | 'deliveryCharges.weight.stepCharges';
  /** read out before each zone's label, e.g. "Band 2," (the visible label is the zone) */
  prefix: string;
}) {
  return (
    // inputs on one line even where a zone's name wraps
    <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {deliveryZoneIds.map((id) => (
        <HookFormField
          key={id}
          form={form}
          name={`${name}.${id}`}
          id={`settings-${name.replace(/\./g, '-')}-${id}`}
          label={
            <>
              <span className="sr-only">{prefix} </span>
              {deliveryZoneLabels[id]} (₹)
            </>
          }
          registerOptions={{ valueAsNumber: true }}
        >
          {rupeeInput}
        </HookFormField>
      ))}
    </div>
  );
}

function Bands({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'deliveryCharges.bands',
  });
  const { errors } = useFormState({ control: form.control, name: 'deliveryCharges.bands' });
  const listError = (get(errors, 'deliveryCharges.bands') as { message?: string } | undefined)
    ?.message;
  return (
    <div className="grid gap-3">
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-3 text-sm">
          No rates: delivery is <strong>Free</strong> everywhere.
        </p>
      ) : null}
      {fields.map((field, i) => (
        <fieldset key={field.id} className="grid min-w-0 gap-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-medium">Band {i + 1}</legend>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <HookFormField
              form={form}
              name={`deliveryCharges.bands.${i}.fromRupees`}
              id={`settings-band-${i}-from`}
              label={`Band ${i + 1}: orders from (₹)`}
              hint={i === 0 ? 'The first band starts at ₹0.' : undefined}
              registerOptions={{ valueAsNumber: true }}
              className="w-48 max-w-full"
            >
              {rupeeInput}
            </HookFormField>
            <Button type="button" variant="outline" size="sm" onClick={() => remove(i)}>
              Remove band {i + 1}
            </Button>
          </div>
          <ZoneAmounts
            form={form}
            name={`deliveryCharges.bands.${i}.charges`}
            prefix={`Band ${i + 1},`}
          />
        </fieldset>
      ))}
      <FieldError>{listError}</FieldError>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={fields.length >= DELIVERY_BANDS_MAX}
          onClick={() =>
            append(
              // the first band starts at ₹0; a later one from a value the owner types
              {
                fromRupees: fields.length === 0 ? 0 : (undefined as unknown as number),
                charges: zeroEverywhere(),
              },
              { shouldFocus: fields.length > 0 },
            )
          }
        >
          Add an order-value band
        </Button>
      </div>
    </div>
  );
}

function WeightRule({
  form,
  productsWithoutWeight,
}: {
  form: Form;
  productsWithoutWeight: number;
}) {
  const weight = useWatch({ control: form.control, name: 'deliveryCharges.weight' });
  const on = weight !== null && weight !== undefined;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <input
          id="settings-weight-on"
          type="checkbox"
          className="size-4 accent-primary"
          checked={on}
          onChange={(e) =>
            form.setValue(
              'deliveryCharges.weight',
              e.target.checked
                ? { includedGrams: 500, stepGrams: 500, stepCharges: zeroEverywhere() }
                : null,
              { shouldDirty: true },
            )
          }
        />
        <Label htmlFor="settings-weight-on">Charge by weight too</Label>
      </div>
      {on ? (
        <div className="grid gap-3 rounded-md border border-border p-3">
          <div className="grid items-start gap-3 sm:grid-cols-2">
            <HookFormField
              form={form}
              name="deliveryCharges.weight.includedGrams"
              id="settings-weight-included"
              label="Weight the band's charge covers (g)"
              registerOptions={{ valueAsNumber: true }}
            >
              {(control) => (
                <Input type="number" inputMode="numeric" min={0} step={1} {...control} />
              )}
            </HookFormField>
            <HookFormField
              form={form}
              name="deliveryCharges.weight.stepGrams"
              id="settings-weight-step"
              label="Each further step (g)"
              registerOptions={{ valueAsNumber: true }}
            >
              {(control) => (
                <Input type="number" inputMode="numeric" min={1} step={1} {...control} />
              )}
            </HookFormField>
          </div>
          <p className="text-sm font-medium" aria-hidden="true">
            Each further step, or part of one, adds:
          </p>
          <ZoneAmounts form={form} name="deliveryCharges.weight.stepCharges" prefix="Per step," />
          {productsWithoutWeight > 0 ? (
            <p className="text-sm text-muted-foreground">
              {productsWithoutWeight === 1
                ? '1 product has no weight'
                : `${productsWithoutWeight.toLocaleString('en-IN')} products have no weight`}
              : they add nothing to the parcel. Give each its Weight (g) on its page or in the CSV.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * What delivery costs (docs/decisions/delivery-charges.md): a rate table by zone and order value,
 * an optional weight rule, and free delivery above a threshold. The zones are the estimates' own.
 */
export function DeliveryChargesSettings({
  form,
  productsWithoutWeight,
}: {
  form: Form;
  productsWithoutWeight: number;
}) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Each band charges its zone&apos;s amount for orders from its value (after discounts) up to
        the next band. The zones are those of the delivery estimates above.
      </p>
      <Bands form={form} />
      <WeightRule form={form} productsWithoutWeight={productsWithoutWeight} />
      <HookFormField
        form={form}
        name="deliveryCharges.freeAboveRupees"
        id="settings-free-above"
        label="Free delivery above (₹)"
        hint="Orders of this value or more, after discounts, ship free. Empty: no threshold."
        registerOptions={{ setValueAs: toRupeesOrNull }}
        className="max-w-xs"
      >
        {rupeeInput}
      </HookFormField>
    </div>
  );
}
