import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';

/** A refund form: its `amount` (rupees) and `reference` fields, whatever else it holds. */
export type RefundFieldsForm = Pick<
  UseFormReturn<FieldValues, unknown, FieldValues>,
  'control' | 'register'
>;

/**
 * The amount and, for a refund the shop makes itself (bank transfer, UPI), the bank's reference;
 * a PayU payment is refunded through PayU's API and takes none. Shared by Record refund on an
 * order and Refund on a return.
 */
export function RefundAmountFields({
  form,
  idPrefix,
  gateway,
}: {
  form: RefundFieldsForm;
  idPrefix: string;
  /** the gateway that refunds it through its API ('PayU'); undefined: the shop pays it back */
  gateway: string | undefined;
}) {
  return (
    <>
      <HookFormField
        form={form}
        name="amount"
        id={`${idPrefix}-amount`}
        label="Amount (₹)"
        registerOptions={{ valueAsNumber: true }}
      >
        {(control) => <Input type="number" inputMode="decimal" step="0.01" min="0" {...control} />}
      </HookFormField>
      {gateway ? (
        <p className="text-sm text-muted-foreground">
          {gateway} is asked to refund this payment to the shopper; it settles in a few days.
        </p>
      ) : (
        <HookFormField
          form={form}
          name="reference"
          id={`${idPrefix}-reference`}
          label="Reference"
          hint="The bank's or UPI app's reference of the money you sent back"
        >
          {(control) => <Input autoComplete="off" {...control} />}
        </HookFormField>
      )}
    </>
  );
}
