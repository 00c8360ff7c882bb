import type { SavedAddress } from '@store/contracts/addresses';
import { cn } from '@store/ui/cn';
import { AddressSummary } from './address-summary';

/** What the checkout's form holds: one saved address, or a new one typed in. */
export type AddressChoice = string | 'new';

const option =
  'flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5';

/**
 * Checkout's "Saved addresses": one radio per address and one for a new address. Choosing fills
 * the form below (the checkout does that), where the address can still be changed.
 */
export function SavedAddressPicker({
  addresses,
  choice,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  choice: AddressChoice | undefined;
  onChoose(choice: AddressChoice): void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">Saved addresses</legend>
      {addresses.map((a) => (
        <label key={a.id} className={option}>
          <input
            type="radio"
            name="saved-address"
            className="mt-1 accent-primary"
            checked={choice === a.id}
            onChange={() => onChoose(a.id)}
          />
          <AddressSummary address={a} />
        </label>
      ))}
      <label className={cn(option, 'items-center')}>
        <input
          type="radio"
          name="saved-address"
          className="accent-primary"
          checked={choice === 'new'}
          onChange={() => onChoose('new')}
        />
        <span className="text-sm font-medium">Deliver to a new address</span>
      </label>
    </fieldset>
  );
}
