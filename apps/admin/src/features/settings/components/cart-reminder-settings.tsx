import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { StoreSettings, storeSettingsSchema } from '@store/contracts/admin/settings';
import { CART_REMINDER_HOURS_LIMIT } from '@store/contracts/cart-reminders';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;

/**
 * When a signed-in shopper's cart left behind is e-mailed about (once per cart, with a link to
 * stop them; docs/decisions/server-carts.md).
 */
export function CartReminderSettings({ form }: { form: Form }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <HookFormField
        form={form}
        name="cartReminderHours"
        id="settings-cartReminderHours"
        label="Hours before a cart reminder"
        hint="A signed-in shopper's cart left this long after its last change gets one e-mail, with a link to stop them. 0 sends none."
        registerOptions={{ valueAsNumber: true }}
      >
        {(control) => (
          <Input
            type="number"
            min={0}
            max={CART_REMINDER_HOURS_LIMIT}
            step={1}
            inputMode="numeric"
            {...control}
          />
        )}
      </HookFormField>
    </div>
  );
}
