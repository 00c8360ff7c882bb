import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { StoreSettings, storeSettingsSchema } from '@store/contracts/admin/settings';
import { RETURN_WINDOW_DAYS_LIMIT } from '@store/contracts/return-rules';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;

/** How long after delivery a shopper may ask for a return (docs/decisions/returns.md). */
export function ReturnSettings({ form }: { form: Form }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <HookFormField
        form={form}
        name="returnWindowDays"
        id="settings-returnWindowDays"
        label="Days to request a return"
        hint="Counted from the day an order is marked delivered. 0 takes no return requests."
        registerOptions={{ valueAsNumber: true }}
      >
        {(control) => (
          <Input
            type="number"
            min={0}
            max={RETURN_WINDOW_DAYS_LIMIT}
            step={1}
            inputMode="numeric"
            {...control}
          />
        )}
      </HookFormField>
    </div>
  );
}
