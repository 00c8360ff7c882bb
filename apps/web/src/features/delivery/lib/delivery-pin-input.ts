/** The product page's PIN box's id: the delivery line takes the shopper there. Apart from the
 * check itself, whose code loads later than the line's. */
export const DELIVERY_PIN_INPUT_ID = 'delivery-check-pin';

/** The PIN box's name: the form sent before its code arrived comes back as `?pin=`. */
export const DELIVERY_PIN_PARAM = 'pin';

/** The PIN a product page was asked with, as typed (at most the box's 7 characters), if any. */
export function pinFromUrl(search: URLSearchParams): string | undefined {
  const pin = search.get(DELIVERY_PIN_PARAM);
  return pin === null ? undefined : pin.trim().slice(0, 7);
}
