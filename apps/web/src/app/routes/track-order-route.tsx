import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '@store/ui/button';
import { Card, CardContent } from '@store/ui/card';
import { FormField, fieldControlProps } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { toast } from '@store/ui/toast';
import { accountInfoQueryOptions } from '@/features/account/api/get-account-info';
import { useSession } from '@/state/session/use-session';
import { useTrackOrderMutation } from '@/features/orders/api/track-order';
import { TrackedOrder } from '@/features/orders/components/tracked-order';

export function Component() {
  const [searchParams] = useSearchParams();
  const { user } = useSession();
  // After a reload the session knows only that a token exists; the account tells the email.
  const account = useQuery({ ...accountInfoQueryOptions(), enabled: user !== null && !user.email });
  const accountEmail = user?.email || account.data?.email || '';
  const [orderId, setOrderId] = useState(() => searchParams.get('id') ?? '');
  // null until the shopper types: the field follows the account email as it becomes known.
  const [typedContact, setContactInfo] = useState<string | null>(null);
  const contactInfo = typedContact ?? accountEmail;
  const mutation = useTrackOrderMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const id = orderId.trim();
    const contact = contactInfo.trim();
    if (!id || !contact) {
      toast.error('Required fields', {
        description: 'Please enter both order number and email/phone',
      });
      return;
    }
    try {
      await mutation.mutateAsync({ orderId: id, contactInfo: contact });
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
          <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
            <FormField id="track-order-id" label="Order Number">
              <Input
                {...fieldControlProps('track-order-id')}
                value={orderId}
                onChange={(e) => setOrderId(e.target.value)}
                placeholder="e.g. K7M2QX9P"
                autoComplete="off"
              />
            </FormField>
            <FormField
              id="track-contact"
              label="Email or Phone"
              hint={usingAccountEmail ? 'Using your account email by default' : undefined}
            >
              <Input
                {...fieldControlProps('track-contact', undefined, usingAccountEmail)}
                value={contactInfo}
                onChange={(e) => setContactInfo(e.target.value)}
                placeholder="you@example.com or +91…"
                autoComplete="email"
              />
            </FormField>
            <Button type="submit" disabled={mutation.isPending} className="sm:col-span-2">
              <Search aria-hidden="true" />
              {mutation.isPending ? 'Tracking...' : 'Track Order'}
            </Button>
          </form>
        </CardContent>
      </Card>
      {mutation.data && !mutation.isError ? <TrackedOrder order={mutation.data} /> : null}
    </section>
  );
}
