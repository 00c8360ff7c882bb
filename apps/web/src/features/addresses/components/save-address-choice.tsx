import { useWatch, type Control } from 'react-hook-form';
import { ADDRESS_BOOK_MAX, type SavedAddress } from '@store/contracts/addresses';
import {
  addressBookFull,
  findSameAddress,
  offerToSave,
  type AddressFormValues,
} from '../lib/address-book';

/**
 * Checkout's "Save this address", for an address that is not in the book yet (a saved one picked
 * and left as it is needs no saving). It follows the form's fields on its own, so the checkout
 * does not render again at every keystroke.
 */
export function SaveAddressChoice({
  control,
  saved,
  checked,
  onCheckedChange,
}: {
  // the checkout's form: its values hold the six address fields
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form with those fields
  control: Control<AddressFormValues, any, any>;
  saved: readonly SavedAddress[];
  checked: boolean;
  onCheckedChange(checked: boolean): void;
}) {
  const values = useWatch({ control }) as AddressFormValues;
  if (addressBookFull(saved) && !findSameAddress(values, saved))
    return (
      <p className="text-sm text-muted-foreground">
        Your address book is full ({ADDRESS_BOOK_MAX} addresses), so this address will not be saved.
      </p>
    );
  if (!offerToSave(values, saved)) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      Save this address
    </label>
  );
}
