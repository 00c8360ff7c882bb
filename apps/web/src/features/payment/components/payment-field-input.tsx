import type { PaymentField } from '@store/contracts/payments';
import { formatPhoneInput } from '@store/contracts/india';
import {
  inputMaxLength,
  isPhoneField,
  type PaymentFieldValue,
} from '@store/contracts/payment-rules';
import { fieldControlProps, FormField } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { FieldError, Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { Textarea } from '@store/ui/textarea';
import { cn } from '@store/ui/cn';

interface Props {
  field: PaymentField;
  value: PaymentFieldValue | undefined;
  error?: string;
  disabled?: boolean;
  onChange(value: PaymentFieldValue): void;
}

export const paymentFieldId = (name: string) => `payment-${name}`;

/** One server-defined field (spec section 3), drawn with the shared ui primitives. */
export function PaymentFieldInput({ field, value, error, disabled, onChange }: Props) {
  const id = paymentFieldId(field.name);
  const hint = field.description;
  const control = fieldControlProps(id, error, Boolean(hint));
  const required = field.rules?.required || undefined;
  const text = typeof value === 'string' ? value : '';

  if (field.type === 'checkbox') {
    return (
      <div className={cn('grid gap-2', field.inline && 'gap-1')}>
        <div className={cn(field.inline ? 'flex items-start gap-3' : 'grid gap-2')}>
          {!field.inline && <Label htmlFor={id}>{field.label}</Label>}
          <input
            {...control}
            type="checkbox"
            name={field.name}
            checked={value === true}
            disabled={disabled}
            aria-required={required}
            onChange={(e) => onChange(e.target.checked)}
            className="mt-0.5 size-4 accent-primary"
          />
          {field.inline && (
            <Label htmlFor={id} className="leading-snug">
              {field.label}
            </Label>
          )}
        </div>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    );
  }

  const common = {
    ...control,
    name: field.name,
    disabled,
    required,
    placeholder: field.placeholder ?? field.mask,
    'data-mask': field.mask,
  };
  let input;
  if (field.type === 'select') {
    input = (
      <Select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.placeholder ?? 'Select an option'}</option>
        {(field.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    );
  } else if (field.type === 'textarea') {
    input = (
      <Textarea
        {...common}
        value={text}
        minLength={field.rules?.minLength}
        maxLength={field.rules?.maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    const phone = isPhoneField(field);
    input = (
      <Input
        {...common}
        type={field.type}
        value={text}
        inputMode={phone ? 'tel' : field.type === 'number' ? 'numeric' : undefined}
        autoComplete={phone ? 'tel' : field.type === 'email' ? 'email' : undefined}
        minLength={field.rules?.minLength}
        maxLength={inputMaxLength(field)}
        onChange={(e) =>
          onChange(
            phone
              ? formatPhoneInput(e.target.value, { allowEmpty: !field.rules?.required })
              : e.target.value,
          )
        }
      />
    );
  }

  return (
    <FormField id={id} label={field.label} hint={hint} error={error}>
      {input}
    </FormField>
  );
}
