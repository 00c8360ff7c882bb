import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type {
  OwnerNotices,
  StoreSettings,
  storeSettingsSchema,
} from '@store/contracts/admin/settings';
import { Label } from '@store/ui/label';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;

const notices: { key: keyof OwnerNotices; label: string }[] = [
  { key: 'newOrder', label: 'A new order (paid, or cash on delivery)' },
  { key: 'returnRequest', label: 'A return request' },
  { key: 'lowStock', label: 'Stock reaching the low-stock level' },
  { key: 'dailySummary', label: 'A daily summary (each morning, of the day before)' },
];

/**
 * Which of the owner's e-mails the store sends (docs/decisions/messages-and-owner-notices.md):
 * to every owner, and to staff opted in on the Staff screen.
 */
export function OwnerNoticeSettings({ form }: { form: Form }) {
  return (
    <div className="grid gap-2">
      {notices.map(({ key, label }) => (
        <div key={key} className="flex items-center gap-2">
          <input
            id={`settings-ownerNotices-${key}`}
            type="checkbox"
            className="size-4 accent-primary"
            {...form.register(`ownerNotices.${key}`)}
          />
          <Label htmlFor={`settings-ownerNotices-${key}`}>{label}</Label>
        </div>
      ))}
    </div>
  );
}
