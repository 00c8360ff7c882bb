/** The product page's PIN box's id: the delivery line takes the shopper there. Apart from the
 * check itself, whose code loads later than the line's. */
export const DELIVERY_PIN_INPUT_ID = 'delivery-check-pin';
