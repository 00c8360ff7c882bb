import { indianStates, indianUnionTerritories } from '@store/contracts/india';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { Select } from '@store/ui/select';
import { formatPhoneInput } from '@store/contracts/india';
import type { ShippingForm } from '../lib/shipping-form';

const textFields = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name', wide: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', wide: false },
] as const;

/**
 * The shipping address fields. `pinProblem` and `stateProblem` are the PIN look-up's verdict
 * (unknown PIN, a state the PIN is not in), shown while the form has no message of its own there.
 */
export function ShippingFields({
  form,
  pinProblem,
  stateProblem,
}: {
  form: ShippingForm;
  pinProblem?: string | undefined;
  stateProblem?: string | undefined;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {textFields.map((field) => (
        <HookFormField
          key={field.name}
          form={form}
          name={field.name}
          id={`shipping-${field.name}`}
          label={field.label}
          className={field.wide ? 'sm:col-span-2' : undefined}
        >
          {(control) => <Input autoComplete={field.autoComplete} {...control} />}
        </HookFormField>
      ))}
      <HookFormField
        form={form}
        name="state"
        id="shipping-state"
        label="State"
        fallbackError={stateProblem}
      >
        {(control) => (
          <Select autoComplete="address-level1" {...control}>
            <option value="">Select a state</option>
            <optgroup label="States">
              {indianStates.map((state) => (
                <option key={state}>{state}</option>
              ))}
            </optgroup>
            <optgroup label="Union Territories">
              {indianUnionTerritories.map((ut) => (
                <option key={ut}>{ut}</option>
              ))}
            </optgroup>
          </Select>
        )}
      </HookFormField>
      <HookFormField
        form={form}
        name="postalCode"
        id="shipping-postalCode"
        label="PIN Code"
        fallbackError={pinProblem}
      >
        {(control) => (
          <Input
            inputMode="numeric"
            // "560 038", as PINs are often written, is seven characters
            maxLength={7}
            autoComplete="postal-code"
            placeholder="560001"
            {...control}
          />
        )}
      </HookFormField>
      <HookFormField
        form={form}
        name="phone"
        id="shipping-phone"
        label="Phone"
        registerOptions={{
          onChange: (event: { target: { value: string } }) =>
            form.setValue('phone', formatPhoneInput(event.target.value)),
        }}
      >
        {(control) => (
          <Input type="tel" inputMode="tel" maxLength={13} autoComplete="tel" {...control} />
        )}
      </HookFormField>
    </div>
  );
}
