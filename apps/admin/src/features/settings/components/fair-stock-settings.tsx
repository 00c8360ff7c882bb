import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { StoreSettings, storeSettingsSchema } from '@store/contracts/admin/settings';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;
type Name = 'maxOpenOrders' | 'maxHeldUnits' | 'codConfirmHours';

/**
 * Fair stock: how much one shopper may hold without paying, and how long cash on delivery waits
 * for staff to confirm it (docs/decisions/fair-stock.md).
 */
export function FairStockSettings({ form }: { form: Form }) {
  const field = (name: Name, label: string, hint: string) => (
    <HookFormField
      form={form}
      name={name}
      id={`settings-${name}`}
      label={label}
      hint={hint}
      registerOptions={{ valueAsNumber: true }}
    >
      {(control) => <Input type="number" min={1} step={1} inputMode="numeric" {...control} />}
    </HookFormField>
  );
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {field(
        'maxOpenOrders',
        'Open orders per shopper',
        'Orders one shopper may have waiting for payment or for your confirmation.',
      )}
      {field(
        'maxHeldUnits',
        'Units of one product per shopper',
        'Units of one product those orders may hold together; larger orders are paid first.',
      )}
      {field(
        'codConfirmHours',
        'Hours to confirm cash on delivery',
        'A cash-on-delivery order not confirmed (or shipped) in this time is cancelled.',
      )}
    </div>
  );
}
