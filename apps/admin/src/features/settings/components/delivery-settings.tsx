import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { StoreSettings, storeSettingsSchema } from '@store/contracts/admin/settings';
import { deliveryZoneIds, deliveryZoneLabels } from '@store/contracts/delivery';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;

/** What each zone covers, as the estimate decides it (contracts/delivery.ts deliveryZoneFor). */
const zoneHints: Record<(typeof deliveryZoneIds)[number], string> = {
  sameCity: "The dispatch PIN's district",
  sameState: "Elsewhere in the dispatch PIN's state",
  metro: 'Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Ahmedabad, Pune',
  restOfIndia: 'Everywhere else',
  northEastAndIslands: 'The eight North-Eastern states, Andaman and Nicobar, Lakshadweep',
};

/**
 * Where parcels leave from and the working days (Mon–Sat) each zone takes: the storefront's
 * "Delivery by …" on the product page and at checkout. The shipping policy promises 0–7.
 */
export function DeliverySettings({ form }: { form: Form }) {
  return (
    <div className="grid gap-4">
      <HookFormField
        form={form}
        name="dispatchPin"
        id="settings-dispatchPin"
        label="Dispatch PIN code"
        hint="Where parcels leave from. Empty: estimates go by the destination alone."
        className="max-w-xs"
      >
        {(control) => <Input inputMode="numeric" maxLength={7} placeholder="700016" {...control} />}
      </HookFormField>
      <p className="text-sm text-muted-foreground">
        Working days (Monday to Saturday) from dispatch to delivery. Orders after 14:00 IST leave
        the next working day.
      </p>
      <div className="grid gap-3">
        {deliveryZoneIds.map((id) => (
          <div
            key={id}
            className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-[1fr_8rem_8rem]"
          >
            <div>
              <p className="text-sm font-medium">{deliveryZoneLabels[id]}</p>
              <p className="text-xs text-muted-foreground">{zoneHints[id]}</p>
            </div>
            {(['min', 'max'] as const).map((end) => (
              <HookFormField
                key={end}
                form={form}
                name={`deliveryZones.${id}.${end}`}
                id={`settings-zone-${id}-${end}`}
                label={`${deliveryZoneLabels[id]}: ${end === 'min' ? 'fastest' : 'slowest'}`}
                registerOptions={{ valueAsNumber: true }}
              >
                {(control) => <Input type="number" min={0} max={30} step={1} {...control} />}
              </HookFormField>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
