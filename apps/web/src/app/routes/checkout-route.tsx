import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@store/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import { toast } from '@store/ui/toast';
import { useCart } from '@/state/cart/use-cart';
import { lineKey } from '@/state/cart/cart-reducer';
import { clearCart } from '@/state/cart/cart-edits';
import { shortLinesState } from '@/state/cart/short-lines';
import { ApiError } from '@/lib/api-client';
import { cartToOrderLines, choicesNeededText, firstUndecidedLine } from '@/lib/cart-line';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { useCreateOrderMutation } from '@/features/checkout/api/create-order';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { ShippingFields } from '@/features/checkout/components/shipping-fields';
import { DeliveryEstimate } from '@/features/delivery/components/delivery-estimate';
import { useShippingPin } from '@/features/delivery/lib/use-shipping-pin';
import {
  cartToOrderProducts,
  emptyShippingForm,
  cartRefusal,
  type CartRefusal,
  serverShippingErrors,
  shippingFormSchema,
  type ShippingFieldName,
  type ShippingFormValues,
} from '@/features/checkout/lib/shipping-form';
import type { ShippingAddress } from '@store/contracts/orders';
import { useZodForm } from '@/lib/use-zod-form';
import { paths } from '@/lib/paths';
import { useAccountInfoQuery } from '@/features/account/api/get-account-info';
import { accountFullName } from '@/features/account/lib/account-info';
import { useAddressesQuery, useRefreshAddresses } from '@/features/addresses/api/addresses';
import { SaveAddressChoice } from '@/features/addresses/components/save-address-choice';
import { SavedAddressPicker } from '@/features/addresses/components/saved-address-picker';
import { useCheckoutAddress } from '@/features/addresses/lib/use-checkout-address';
import { offerToSave } from '@/features/addresses/lib/address-book';
import { PricedTotals } from '@/features/pricing/components/priced-totals';
import { usePricedCart } from '@/features/pricing/lib/use-priced-cart';

export function Component() {
  const { items, total } = useCart();
  const navigate = useNavigate();
  const mutation = useCreateOrderMutation();
  const keys = useIdempotencyKeys();
  // the last refusal of the cart, shown on its lines until the shopper tries again
  const [refusal, setRefusal] = useState<CartRefusal>();
  const form = useZodForm(shippingFormSchema, {
    defaultValues: emptyShippingForm,
    afterSubmit: 'clear',
  });
  const [postalCode, state] = useWatch({ control: form.control, name: ['postalCode', 'state'] });
  // the address book and the account: the default address preselected, else name and mobile
  const account = useAccountInfoQuery().data;
  const contact = useMemo(
    () => (account ? { fullName: accountFullName(account), phone: account.phone } : undefined),
    [account],
  );
  const savedAddresses = useAddressesQuery().data;
  const refreshAddresses = useRefreshAddresses();
  const addressChoice = useCheckoutAddress(form, savedAddresses, contact);
  const [saveAddress, setSaveAddress] = useState(false);
  // consent to order updates by WhatsApp/SMS: unticked until the shopper ticks it (DPDP Act)
  const [messagesConsent, setMessagesConsent] = useState(false);
  const pinCheck = useShippingPin(postalCode, state);
  // the server's totals with the applied Coupon code; where it goes, once typed (delivery)
  const priced = usePricedCart(items, { state, postalCode });
  // what the last look-up wrote, so a new PIN may replace it but never the shopper's own words
  const filledByPin = useRef<{ city?: string; state?: string }>({});
  const place = pinCheck.lookup;
  useEffect(() => {
    if (!place) return;
    const fill = (name: 'city' | 'state', value: string) => {
      const current = form.getValues(name).trim();
      if (current !== '' && current !== filledByPin.current[name]) return;
      form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      filledByPin.current[name] = value;
    };
    fill('city', place.district);
    fill('state', place.state);
  }, [place, form]);

  /** The cart is checked before the address: with nothing to buy, the address does not matter yet. */
  const cartBlocksOrder = (): boolean => {
    if (items.length === 0) {
      toast.error('Cart is empty', {
        description: 'Please add items to your cart before checkout',
      });
      return true;
    }
    // a line added from a product card may still lack its size or colour (the cart asks for it)
    const undecided = firstUndecidedLine(items);
    if (undecided) {
      toast.error('Choose your options', { description: choicesNeededText(undecided) });
      navigate(paths.cart);
      return true;
    }
    return false;
  };

  // a blank field is the form's root error: one toast, no field marked (section 5)
  const onInvalid = (errors: FieldErrors<ShippingFormValues>) => {
    if (errors.root) toast.error('Please fill all fields', { description: errors.root.message });
  };

  const placeOrder = async (shippingAddress: ShippingAddress) => {
    // the server refuses these too; saying so on the field spares a round trip
    const pinProblem = pinCheck.stateProblem ?? pinCheck.pinProblem;
    if (pinProblem) {
      // the field already shows the look-up's words (fallbackError), and they follow the PIN: a
      // form error set here would outlive the next PIN ("PIN 110001 is in Delhi" beside 600001)
      form.setFocus(pinCheck.stateProblem ? 'state' : 'postalCode');
      toast.error('Please check the address', { description: pinProblem });
      return;
    }
    const body = {
      products: cartToOrderProducts(items),
      lines: cartToOrderLines(items),
      shippingAddress,
      // only while the box shows: an address not in the book yet, and room for it
      ...(saveAddress && savedAddresses && offerToSave(form.getValues(), savedAddresses)
        ? { saveAddress: true }
        : {}),
      // only a code the server said applies: the order is priced again, and refused (409) if
      // the code stopped applying meanwhile (used up), never placed without it unseen
      ...(priced.couponForOrder ? { couponCode: priced.couponForOrder } : {}),
      ...(messagesConsent ? { messagesConsent: true } : {}),
    };
    setRefusal(undefined);
    try {
      // the same key while this body is sent again (a retry after a lost answer must not make a
      // second order); a changed cart or address is a new attempt with a new key
      const placed = await mutation.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      if (body.saveAddress) void refreshAddresses();
      clearCart({ silent: true });
      priced.remove();
      // a failed try's 'Error placing order' must not follow the shopper onto the payment page
      toast.dismissErrors();
      const orderId = placed.id;
      // discounts that cover everything: confirmed with nothing to pay, so no payment page
      if (!placed.needsPayment) navigate(paths.orderSuccess, { state: { orderId } });
      else navigate(paths.payment(orderId), { state: { orderId } });
    } catch (error) {
      console.error('Order creation failed', error);
      const shippingErrors = error instanceof ApiError ? serverShippingErrors(error.fields) : {};
      for (const [name, message] of Object.entries(shippingErrors)) {
        form.setError(name as ShippingFieldName, { type: 'server', message });
      }
      // A refusal of the cart itself (stock, a size to choose) is named, on the toast and on its
      // lines, since trying again later would not help; the cart stays for the shopper to change.
      const refused = cartRefusal(error, items);
      setRefusal(refused);
      // a code that stopped applying (used up meanwhile): the field says why once asked again
      const couponRefused = error instanceof ApiError && error.code === 'coupon_refused';
      if (couponRefused) void priced.refresh();
      toast.error('Error placing order', {
        description: refused?.message ?? (couponRefused ? error.message : 'Please try again later'),
      });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (cartBlocksOrder()) {
      event.preventDefault();
      form.clearErrors();
      return;
    }
    void form.handleSubmit(placeOrder, onInvalid)(event);
  };

  const summaryLines = items.map((line, index) => ({
    key: lineKey(line),
    problem: refusal?.byLine[index],
    name: line.name,
    quantity: line.quantity,
    price: line.price,
    details: [line.selectedSize, line.selectedColor].filter(Boolean).join(' · ') || undefined,
  }));
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="mb-8 text-3xl font-semibold">Checkout</h1>
      <div className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Shipping Information</CardTitle>
          </CardHeader>
          <CardContent>
            {refusal && (
              <div
                role="alert"
                className="mb-6 grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
              >
                {Object.keys(refusal.byLine).length > 0 ? (
                  // the server's words are on the toast and on each line in the summary
                  <p>
                    Your cart needs a change before this order can be placed (see the order
                    summary).{' '}
                    <Link
                      to={paths.cart}
                      // the cart marks each short line with what is left (cart-route.tsx)
                      state={shortLinesState(items, refusal.availableByLine)}
                      className="font-semibold underline underline-offset-4"
                    >
                      Change your cart
                    </Link>
                  </p>
                ) : (
                  // about no line (too many orders waiting for payment): the words stay on the
                  // page, since a toast goes away, with the way to the orders to pay
                  <p>
                    {refusal.message}{' '}
                    <Link to={paths.orders} className="font-semibold underline underline-offset-4">
                      Go to My Orders
                    </Link>
                  </p>
                )}
              </div>
            )}
            <form noValidate onSubmit={onSubmit} className="grid gap-6">
              {savedAddresses && savedAddresses.length > 0 && (
                <SavedAddressPicker
                  addresses={savedAddresses}
                  choice={addressChoice.choice}
                  onChoose={addressChoice.choose}
                />
              )}
              <ShippingFields
                form={form}
                pinProblem={pinCheck.pinProblem}
                stateProblem={pinCheck.stateProblem}
              />
              {savedAddresses && (
                <SaveAddressChoice
                  control={form.control}
                  saved={savedAddresses}
                  checked={saveAddress}
                  onCheckedChange={setSaveAddress}
                />
              )}
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={messagesConsent}
                  onChange={(event) => setMessagesConsent(event.target.checked)}
                />
                Send me order updates on WhatsApp/SMS
              </label>
              <DeliveryEstimate lookup={pinCheck.stateProblem ? undefined : place} />
              <Button type="submit" size="lg" disabled={mutation.isPending || items.length === 0}>
                {mutation.isPending ? 'Processing...' : 'Place Order'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <OrderSummary
          lines={summaryLines}
          totals={<PricedTotals priced={priced} subtotal={total} />}
        />
      </div>
    </section>
  );
}
