import { useState, type FormEvent } from 'react';
import type { PaymentField } from '@store/contracts/payments';
import {
  initialPaymentValues,
  isPaymentSubmitDisabled,
  validatePaymentFields,
  visiblePaymentFields,
  visiblePaymentValues,
  type PaymentFieldValue,
} from '@store/contracts/payment-rules';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { PaymentFieldInput } from './payment-field-input';

interface Props {
  fields: PaymentField[];
  submitting: boolean;
  /** errors the server gave per field (400 `fields`) */
  serverErrors?: Record<string, string>;
  onSubmit(values: Record<string, PaymentFieldValue>): void;
}

/**
 * The server-driven form of spec section 5. Fields are data, so the values live in one state
 * object and every rule comes from @store/contracts/payment-rules, the same functions the server runs.
 */
export function DynamicPaymentForm({ fields, submitting, serverErrors, onSubmit }: Props) {
  const [values, setValues] = useState<Record<string, PaymentFieldValue>>(() =>
    initialPaymentValues(fields),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shownErrors = { ...serverErrors, ...errors };

  const change = (name: string, value: PaymentFieldValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePaymentFields(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Validation Error', { description: 'Please correct the errors in the form' });
      return;
    }
    onSubmit(visiblePaymentValues(fields, values));
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Payment details">
      {visiblePaymentFields(fields, values).map((field) => (
        <PaymentFieldInput
          key={field.name}
          field={field}
          value={values[field.name]}
          error={shownErrors[field.name]}
          disabled={submitting}
          onChange={(value) => change(field.name, value)}
        />
      ))}
      <Button
        type="submit"
        size="lg"
        disabled={isPaymentSubmitDisabled(fields, values, submitting)}
      >
        {submitting ? 'Processing...' : 'Pay Now'}
      </Button>
    </form>
  );
}
