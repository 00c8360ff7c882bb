import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { indianStates, indianUnionTerritories } from '@store/contracts/india';
import { FormField, fieldControlProps } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { Select } from '@store/ui/select';
import { formatPhoneInput } from '@store/contracts/india';
import type { ShippingFormValues } from '../lib/shipping-form';

const textFields = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name', wide: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', wide: false },
] as const;

export function ShippingFields({
  register,
  setValue,
  errors,
}: {
  register: UseFormRegister<ShippingFormValues>;
  setValue: UseFormSetValue<ShippingFormValues>;
  errors: FieldErrors<ShippingFormValues>;
}) {
  const control = (name: keyof ShippingFormValues) =>
    fieldControlProps(`shipping-${name}`, errors[name]?.message);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {textFields.map((field) => (
        <FormField
          key={field.name}
          id={`shipping-${field.name}`}
          label={field.label}
          error={errors[field.name]?.message}
          className={field.wide ? 'sm:col-span-2' : undefined}
        >
          <Input
            autoComplete={field.autoComplete}
            {...control(field.name)}
            {...register(field.name)}
          />
        </FormField>
      ))}
      <FormField id="shipping-state" label="State" error={errors.state?.message}>
        <Select autoComplete="address-level1" {...control('state')} {...register('state')}>
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
      </FormField>
      <FormField id="shipping-postalCode" label="PIN Code" error={errors.postalCode?.message}>
        <Input
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          placeholder="560001"
          {...control('postalCode')}
          {...register('postalCode')}
        />
      </FormField>
      <FormField id="shipping-phone" label="Phone" error={errors.phone?.message}>
        <Input
          type="tel"
          inputMode="tel"
          maxLength={13}
          autoComplete="tel"
          {...control('phone')}
          {...register('phone', {
            onChange: (event: { target: { value: string } }) =>
              setValue('phone', formatPhoneInput(event.target.value)),
          })}
        />
      </FormField>
    </div>
  );
}
