import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { SavedAddress } from '@store/contracts/addresses';
import { PHONE_PREFIX } from '@store/contracts/india';
import type { AddressChoice } from '../components/saved-address-picker';
import { addressFieldNames, toAddressFormValues, type AddressFieldName } from './address-book';

/** What the account knows of the shopper: name, and the mobile they last gave. */
export interface AccountContact {
  fullName?: string | undefined;
  phone?: string | undefined;
}

const isBlank = (name: AddressFieldName, value: string) =>
  value.trim() === '' || (name === 'phone' && value.trim() === PHONE_PREFIX);

/**
 * The checkout's address: the default saved address preselected, or the name and mobile from the
 * account, and a saved address filled in when chosen. Nothing the shopper typed is written over:
 * what arrives after they started typing fills only fields still blank, or still holding what
 * was filled in before (kept in `filled`); choosing an address is the shopper's own doing and
 * fills every field.
 */
export function useCheckoutAddress<
  T extends FieldValues & Record<AddressFieldName, string>,
  TOutput extends FieldValues,
>(
  form: UseFormReturn<T, unknown, TOutput>,
  addresses: readonly SavedAddress[] | undefined,
  contact: AccountContact | undefined,
) {
  const [choice, setChoice] = useState<AddressChoice>();
  const filled = useRef<Partial<Record<AddressFieldName, string>>>({});

  const set = (name: AddressFieldName, value: string) => {
    form.setValue(name as Path<T>, value as PathValue<T, Path<T>>);
    filled.current[name] = value;
  };
  /** the shopper's own words in a field (not blank, not what was filled in) */
  const typed = (name: AddressFieldName) => {
    const value = String(form.getValues(name as Path<T>) ?? '');
    return !isBlank(name, value) && value !== filled.current[name];
  };
  const fillContact = (names: readonly ('fullName' | 'phone')[] = ['fullName', 'phone']) => {
    for (const name of names) {
      const value = contact?.[name]?.trim();
      if (value && !typed(name)) set(name, value);
    }
  };

  // the default, once the book has loaded, unless the shopper has begun typing an address
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !addresses) return;
    preselected.current = true;
    const first = addresses.find((a) => a.isDefault) ?? addresses[0];
    if (!first) return;
    if (addressFieldNames.some(typed)) {
      setChoice('new');
      return;
    }
    const values = toAddressFormValues(first);
    for (const name of addressFieldNames) set(name, values[name]);
    setChoice(first.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list arrives
  }, [addresses]);

  // the account's name and mobile fill what is still blank (or was filled by the account before)
  useEffect(() => {
    if (contact) fillContact();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the account arrives
  }, [contact?.fullName, contact?.phone]);

  const choose = (next: AddressChoice) => {
    setChoice(next);
    form.clearErrors();
    const saved = addresses?.find((a) => a.id === next);
    if (saved) {
      const values = toAddressFormValues(saved);
      for (const name of addressFieldNames) set(name, values[name]);
      return;
    }
    // a new address starts blank, with the shopper's own name and mobile
    for (const name of addressFieldNames) set(name, name === 'phone' ? PHONE_PREFIX : '');
    fillContact();
  };

  return { choice, choose };
}
