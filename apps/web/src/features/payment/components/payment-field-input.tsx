import type { PaymentField } from '@store/contracts/payments';
import { formatPhoneInput } from '@store/contracts/india';
import { inputMaxLength, isPhoneField } from '@store/contracts/payment-rules';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { Select } from '@store/ui/select';
import { Textarea } from '@store/ui/textarea';
import type { PaymentForm } from '../lib/payment-form';

interface Props {
  form: PaymentForm;
  /** the field's key in the form (see paymentFieldKey) */
  name: string;
  field: PaymentField;
  /** the server's message for this field, shown while the form has none of its own */
  serverError?: string;
  disabled?: boolean;
}

export const paymentFieldId = (name: string) => `payment-${name}`;

/** One server-defined field (spec section 3), drawn with the shared ui primitives. */
export function PaymentFieldInput({ form, name, field, serverError, disabled }: Props) {
  const required = field.rules?.required || undefined;
  const phone = isPhoneField(field);
  const formField = {
    form,
    name,
    id: paymentFieldId(field.name),
    label: field.label,
    hint: field.description,
    fallbackError: serverError,
  };

  if (field.type === 'checkbox') {
    return (
      <HookFormField {...formField} inline={field.inline}>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            disabled={disabled}
            aria-required={required}
            className="mt-0.5 size-4 accent-primary"
          />
        )}
      </HookFormField>
    );
  }

  const attributes = {
    disabled,
    required,
    placeholder: field.placeholder ?? field.mask,
    'data-mask': field.mask,
  };
  return (
    <HookFormField
      {...formField}
      registerOptions={
        phone
          ? {
              onChange: (event: { target: { value: string } }) =>
                form.setValue(
                  name,
                  formatPhoneInput(event.target.value, { allowEmpty: !field.rules?.required }),
                ),
            }
          : undefined
      }
    >
      {(control) =>
        field.type === 'select' ? (
          <Select {...control} {...attributes}>
            <option value="">{field.placeholder ?? 'Select an option'}</option>
            {(field.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        ) : field.type === 'textarea' ? (
          <Textarea
            {...control}
            {...attributes}
            minLength={field.rules?.minLength}
            maxLength={field.rules?.maxLength}
          />
        ) : (
          <Input
            {...control}
            {...attributes}
            type={field.type}
            inputMode={phone ? 'tel' : field.type === 'number' ? 'numeric' : undefined}
            autoComplete={phone ? 'tel' : field.type === 'email' ? 'email' : undefined}
            minLength={field.rules?.minLength}
            maxLength={inputMaxLength(field)}
          />
        )
      }
    </HookFormField>
  );
}
