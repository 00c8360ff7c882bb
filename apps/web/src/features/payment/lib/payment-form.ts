import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { PaymentField } from '@store/contracts/payments';
import {
  initialPaymentValues,
  validatePaymentFields,
  visiblePaymentValues,
  type PaymentFieldValue,
  type PaymentFieldValues,
} from '@store/contracts/payment-rules';

/**
 * react-hook-form reads a dot or a bracket in a field's name as a path into nested values, and
 * these names are data from the server; so the form keys each field by its position.
 */
export const paymentFieldKey = (index: number) => `field${index}`;

export type PaymentFormValues = Record<string, PaymentFieldValue>;

/** The form's values (by key) as the rules read them (by field name). */
export function valuesByName(
  fields: readonly PaymentField[],
  values: Partial<PaymentFormValues>,
): PaymentFieldValues {
  return Object.fromEntries(fields.map((field, i) => [field.name, values[paymentFieldKey(i)]]));
}

/** contracts' starting values (defaults, unticked boxes, +91 for required phones), by key. */
export function initialPaymentFormValues(fields: readonly PaymentField[]): PaymentFormValues {
  const byName = initialPaymentValues(fields);
  return Object.fromEntries(
    fields.map((field, i) => [paymentFieldKey(i), byName[field.name] ?? '']),
  );
}

/**
 * The zod schema of a server-defined form: a checkbox holds a boolean and every other field a
 * string; the rules are contracts' payment-rules, the functions POST /payments runs too, each
 * message set on its field. The output is what is sent: the visible fields' values by name.
 */
export function paymentFormSchema(fields: readonly PaymentField[]) {
  const shape = Object.fromEntries(
    fields.map((field, i) => [
      paymentFieldKey(i),
      field.type === 'checkbox' ? z.boolean() : z.string(),
    ]),
  ) as Record<string, z.ZodBoolean | z.ZodString>;
  return z
    .object(shape)
    .superRefine((values, ctx) => {
      const errors = validatePaymentFields(fields, valuesByName(fields, values));
      fields.forEach((field, i) => {
        const message = errors[field.name];
        if (message) ctx.addIssue({ code: 'custom', message, path: [paymentFieldKey(i)] });
      });
    })
    .transform((values) => visiblePaymentValues(fields, valuesByName(fields, values)));
}

export type PaymentForm = UseFormReturn<
  PaymentFormValues,
  unknown,
  z.output<ReturnType<typeof paymentFormSchema>>
>;
