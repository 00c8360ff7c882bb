import { useEffect, useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '@store/ui/button';
import { Card, CardContent } from '@store/ui/card';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { toast } from '@store/ui/toast';
import { accountInfoQueryOptions } from '@/features/account/api/get-account-info';
import { useSession } from '@/state/session/use-session';
import { useTrackOrderMutation } from '@/features/orders/api/track-order';
import { TrackedOrder } from '@/features/orders/components/tracked-order';
import {
  trackOrderFormSchema,
  type TrackOrderFormInput,
  type TrackOrderFormValues,
} from '@/features/orders/lib/track-order-form';
import { useZodForm } from '@/lib/use-zod-form';

export function Component() {
  const [searchParams] = useSearchParams();
  const { user } = useSession();
  // After a reload the session knows only that a token exists; the account tells the email.
  const account = useQuery({ ...accountInfoQueryOptions(), enabled: user !== null && !user.email });
  const accountEmail = user?.email || account.data?.email || '';
  const form = useZodForm(trackOrderFormSchema, {
    defaultValues: { orderId: searchParams.get('id') ?? '', contactInfo: accountEmail },
  });
  // Until the shopper types in it, the contact follows the account email as it becomes known.
  const contactTyped = useRef(false);
  useEffect(() => {
    if (!contactTyped.current) form.setValue('contactInfo', accountEmail);
  }, [form, accountEmail]);
  const contactInfo = form.watch('contactInfo');
  const mutation = useTrackOrderMutation();

  // both fields missing or one: the form's root error, told in a toast (section 5)
  const onInvalid = (errors: FieldErrors<TrackOrderFormInput>) => {
    if (errors.root) toast.error('Required fields', { description: errors.root.message });
  };

  const track = async (values: TrackOrderFormValues) => {
    try {
      await mutation.mutateAsync(values);
      toast.success('Order found', { description: 'Your order status has been loaded' });
    } catch (error) {
      console.error('Order tracking failed', error);
      toast.error('Error', {
        description: 'Failed to find order. Please check your information and try again.',
      });
    }
  };

  const usingAccountEmail = accountEmail !== '' && contactInfo === accountEmail;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:py-14">
      <div>
        <h1 className="text-3xl font-semibold">Track Your Order</h1>
        <p className="mt-1 text-muted-foreground">
          Enter your order number and the email or phone number used for the order.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form
            noValidate
            onSubmit={form.handleSubmit(track, onInvalid)}
            className="grid gap-4 sm:grid-cols-2"
          >
            <HookFormField form={form} name="orderId" id="track-order-id" label="Order Number">
              {(control) => <Input placeholder="e.g. K7M2QX9P" autoComplete="off" {...control} />}
            </HookFormField>
            <HookFormField
              form={form}
              name="contactInfo"
              id="track-contact"
              label="Email or Phone"
              hint={usingAccountEmail ? 'Using your account email by default' : undefined}
              registerOptions={{
                onChange: () => {
                  contactTyped.current = true;
                },
              }}
            >
              {(control) => (
                <Input placeholder="you@example.com or +91…" autoComplete="email" {...control} />
              )}
            </HookFormField>
            <Button type="submit" disabled={mutation.isPending} className="sm:col-span-2">
              <Search aria-hidden="true" />
              {mutation.isPending ? 'Tracking...' : 'Track Order'}
            </Button>
          </form>
        </CardContent>
      </Card>
      {mutation.data && !mutation.isError ? (
        <TrackedOrder order={mutation.data} contactInfo={mutation.variables?.contactInfo} />
      ) : null}
    </section>
  );
}
