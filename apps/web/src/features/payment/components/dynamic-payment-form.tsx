import { useMemo } from 'react';
import type { PaymentField } from '@store/contracts/payments';
import {
  isPaymentFieldVisible,
  isPaymentSubmitDisabled,
  type PaymentFieldValue,
} from '@store/contracts/payment-rules';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { useZodForm } from '@/lib/use-zod-form';
import {
  initialPaymentFormValues,
  paymentFieldKey,
  paymentFormSchema,
  valuesByName,
} from '../lib/payment-form';
import { PaymentFieldInput } from './payment-field-input';

interface Props {
  fields: PaymentField[];
  submitting: boolean;
  /** errors the server gave per field (400 `fields`) */
  serverErrors?: Record<string, string>;
  onSubmit(values: Record<string, PaymentFieldValue>): void;
}

/**
 * The server-driven form of spec section 5. Its zod schema is built from the field list, and every
 * rule comes from @store/contracts/payment-rules, the same functions the server runs.
 */
export function DynamicPaymentForm({ fields, submitting, serverErrors, onSubmit }: Props) {
  const schema = useMemo(() => paymentFormSchema(fields), [fields]);
  const form = useZodForm(schema, {
    defaultValues: initialPaymentFormValues(fields),
    afterSubmit: 'clear',
  });
  // which fields show, and whether Pay Now is enabled, follow every keystroke
  const values = valuesByName(fields, form.watch());

  const onInvalid = () => {
    toast.error('Validation Error', { description: 'Please correct the errors in the form' });
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit, onInvalid)}
      className="grid gap-5"
      aria-label="Payment details"
    >
      {fields.map(
        (field, index) =>
          isPaymentFieldVisible(field, values) && (
            <PaymentFieldInput
              key={field.name}
              form={form}
              name={paymentFieldKey(index)}
              field={field}
              serverError={serverErrors?.[field.name]}
              disabled={submitting}
            />
          ),
      )}
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
