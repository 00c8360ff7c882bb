import {
  ADDRESS_BOOK_MAX,
  addressLabelText,
  addressMatchKey,
  type SavedAddress,
} from '@store/contracts/addresses';
import { shippingAddressFieldNames } from '@store/contracts/orders';

/** The six shipping fields as a form holds them (the checkout's and the address book's). */
export const addressFieldNames = shippingAddressFieldNames;
export type AddressFieldName = (typeof addressFieldNames)[number];
export type AddressFormValues = Record<AddressFieldName, string>;

/** A saved address as form values. */
export function toAddressFormValues(a: SavedAddress): AddressFormValues {
  return {
    fullName: a.fullName,
    address: a.address,
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
    phone: a.phone,
  };
}

/** "Bengaluru, Karnataka 560038": the line under the street address. */
export const placeLine = (a: SavedAddress) => `${a.city}, ${a.state} ${a.postalCode}`;

/** 'Home', 'Work' or nothing. */
export const labelOf = (a: SavedAddress): string | undefined =>
  a.label ? addressLabelText[a.label] : undefined;

/** The saved address these form values are (however typed), if any. */
export function findSameAddress(
  values: AddressFormValues,
  saved: readonly SavedAddress[],
): SavedAddress | undefined {
  const key = addressMatchKey(values);
  return saved.find((a) => addressMatchKey(a) === key);
}

export const addressBookFull = (saved: readonly SavedAddress[]) => saved.length >= ADDRESS_BOOK_MAX;

/** Checkout offers "Save this address" for an address not in the book, while there is room. */
export const offerToSave = (values: AddressFormValues, saved: readonly SavedAddress[]) =>
  !addressBookFull(saved) && !findSameAddress(values, saved);
