import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@store/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import { toast } from '@store/ui/toast';
import { useCart } from '@/state/cart/use-cart';
import { lineKey } from '@/state/cart/cart-reducer';
import { ApiError } from '@/lib/api-client';
import { choicesNeededText, firstUndecidedLine } from '@/lib/cart-line';
import { useCreateOrderMutation } from '@/features/checkout/api/create-order';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { ShippingFields } from '@/features/checkout/components/shipping-fields';
import {
  cartToOrderLines,
  cartToOrderProducts,
  emptyShippingForm,
  hasBlankShippingField,
  cartRefusalText,
  serverShippingErrors,
  shippingFieldErrors,
  toShippingAddress,
  type ShippingFieldErrors,
  type ShippingFormValues,
} from '@/features/checkout/lib/shipping-form';
import { paths } from '@/lib/paths';

export function Component() {
  const { items, total, clearCart } = useCart();
  const navigate = useNavigate();
  const mutation = useCreateOrderMutation();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ShippingFormValues>({ defaultValues: emptyShippingForm });

  const showFieldErrors = (fieldErrors: ShippingFieldErrors) => {
    for (const [name, message] of Object.entries(fieldErrors)) {
      setError(name as keyof ShippingFormValues, { type: 'validate', message });
    }
  };

  const onSubmit = async (values: ShippingFormValues) => {
    clearErrors();
    if (items.length === 0) {
      toast.error('Cart is empty', {
        description: 'Please add items to your cart before checkout',
      });
      return;
    }
    // a line added from a product card may still lack its size or colour (the cart asks for it)
    const undecided = firstUndecidedLine(items);
    if (undecided) {
      toast.error('Choose your options', { description: choicesNeededText(undecided) });
      navigate(paths.cart);
      return;
    }
    if (hasBlankShippingField(values)) {
      toast.error('Please fill all fields', {
        description: 'All shipping information fields are required',
      });
      return;
    }
    const fieldErrors = shippingFieldErrors(values);
    if (Object.keys(fieldErrors).length > 0) return showFieldErrors(fieldErrors);
    try {
      const orderId = await mutation.mutateAsync({
        products: cartToOrderProducts(items),
        lines: cartToOrderLines(items),
        shippingAddress: toShippingAddress(values),
      });
      clearCart({ silent: true });
      navigate(paths.payment(orderId), { state: { orderId } });
    } catch (error) {
      console.error('Order creation failed', error);
      const shippingErrors = error instanceof ApiError ? serverShippingErrors(error.fields) : {};
      showFieldErrors(shippingErrors);
      // A refusal of the cart itself is named, since trying again later would not help.
      const refusal = cartRefusalText(error);
      toast.error('Error placing order', { description: refusal ?? 'Please try again later' });
    }
  };

  const summaryLines = items.map((line) => ({
    key: lineKey(line),
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
            <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-6">
              <ShippingFields register={register} setValue={setValue} errors={errors} />
              <Button type="submit" size="lg" disabled={mutation.isPending || items.length === 0}>
                {mutation.isPending ? 'Processing...' : 'Place Order'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <OrderSummary lines={summaryLines} total={total} />
      </div>
    </section>
  );
}
