import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  parseCodPinPrefixes,
  type StoreSettings,
  type storeSettingsSchema,
} from '@store/contracts/admin/settings';
import { indianStatesAndUts } from '@store/contracts/india';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError, Label } from '@store/ui/label';
import { Select } from '@store/ui/select';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;

/** The store's GST registration: printed on every tax invoice, and the state CGST+SGST applies in. */
export function GstSettings({ form }: { form: Form }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <HookFormField
        form={form}
        name="gstin"
        id="settings-gstin"
        label="GSTIN"
        hint="15 characters, as on the GST registration certificate. Empty while not registered."
      >
        {(control) => (
          <Input
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            placeholder="19AAGCK4821L1Z7"
            {...control}
          />
        )}
      </HookFormField>
      <HookFormField
        form={form}
        name="gstState"
        id="settings-gstState"
        label="GST state"
        hint="The state the GSTIN is registered in: its first two digits are this state's code."
      >
        {(control) => (
          <Select {...control}>
            <option value="">Choose a state</option>
            {indianStatesAndUts.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Select>
        )}
      </HookFormField>
    </div>
  );
}

/** The first message of the prefixes (the list's own, or one prefix's). */
function prefixesError(form: Form): string | undefined {
  const error = form.formState.errors.codPinPrefixes as
    ({ message?: string } & Record<number, { message?: string } | undefined>) | undefined;
  if (!error) return undefined;
  if (error.message) return error.message;
  const first = Object.values(error).find(
    (e): e is { message: string } => typeof e === 'object' && e !== null && 'message' in e,
  );
  return first?.message;
}

/** Cash on delivery: on/off, the largest order it takes, and the PINs it serves. */
export function CodSettings({ form }: { form: Form }) {
  const enabled = useWatch({ control: form.control, name: 'codEnabled' });
  const prefixes = useWatch({ control: form.control, name: 'codPinPrefixes' }) ?? [];
  // what the owner types stays as typed; the form holds the parsed list
  const [text, setText] = useState(() => prefixes.join(', '));
  const error = prefixesError(form);
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-2">
        <input
          id="settings-codEnabled"
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('codEnabled')}
        />
        <Label htmlFor="settings-codEnabled">Offer cash on delivery</Label>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <HookFormField
          form={form}
          name="codMaxRupees"
          id="settings-codMaxRupees"
          label="Largest order for cash on delivery (₹)"
          hint="Orders above this total must be paid online."
          registerOptions={{ valueAsNumber: true }}
        >
          {(control) => (
            <Input type="number" min={1} step="0.01" disabled={!enabled} {...control} />
          )}
        </HookFormField>
        <HookFormField
          form={form}
          name="codFeeRupees"
          id="settings-codFeeRupees"
          label="Cash on delivery fee (₹)"
          hint="Added to every cash-on-delivery order, also when delivery is free. 0: none."
          registerOptions={{ valueAsNumber: true }}
        >
          {(control) => (
            <Input type="number" min={0} step="0.01" disabled={!enabled} {...control} />
          )}
        </HookFormField>
        <HookFormField
          form={form}
          name="codCodeAboveRupees"
          id="settings-codCodeAboveRupees"
          label="Ask for a confirmation code above (₹)"
          hint="Such orders ship only once the shopper types the code sent to their phone (so do orders to a phone or PIN whose parcels were refused before). 0: not by value."
          registerOptions={{ valueAsNumber: true }}
        >
          {(control) => (
            <Input type="number" min={0} step="0.01" disabled={!enabled} {...control} />
          )}
        </HookFormField>
        <div className="grid content-start gap-1">
          <Label htmlFor="settings-codPinPrefixes">PIN codes served</Label>
          <Input
            id="settings-codPinPrefixes"
            value={text}
            disabled={!enabled}
            placeholder="All of India"
            aria-invalid={error ? true : undefined}
            aria-describedby="settings-codPinPrefixes-hint settings-codPinPrefixes-error"
            onChange={(e) => {
              setText(e.target.value);
              form.setValue('codPinPrefixes', parseCodPinPrefixes(e.target.value), {
                shouldDirty: true,
                shouldValidate: true,
              });
            }}
          />
          <p id="settings-codPinPrefixes-hint" className="text-xs text-muted-foreground">
            Starts of PIN codes, separated by commas or spaces (56 is Bengaluru and around, 110 is
            Delhi). Empty: all of India.
          </p>
          <FieldError id="settings-codPinPrefixes-error">{error}</FieldError>
        </div>
      </div>
    </div>
  );
}
