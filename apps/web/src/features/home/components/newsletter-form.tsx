import { useRef } from 'react';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { toast } from '@store/ui/toast';
import { HoneypotField, honeypotValue } from '@/components/honeypot-field';
import { serverErrorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { subscribeNewsletter } from '../api/subscribe-newsletter';
import { newsletterFormSchema } from '../lib/newsletter-form';

/**
 * The spec's toast and clearing (section 2), once the server has kept the sign-up and e-mailed
 * its confirmation: the spec's form made no call (docs/decisions/messages-and-owner-notices.md).
 */
export function NewsletterForm() {
  const form = useZodForm(newsletterFormSchema, { defaultValues: { email: '' } });
  const trap = useRef<HTMLInputElement>(null);
  const subscribe = async ({ email }: { email: string }) => {
    try {
      await subscribeNewsletter({ email, ...honeypotValue(trap.current) });
    } catch (error) {
      toast.error('Not subscribed', {
        description: serverErrorText(error) ?? 'We could not sign you up. Please try again.',
      });
      return;
    }
    toast.success('Subscribed!', { description: 'Thank you for subscribing to our newsletter.' });
    form.reset();
  };
  // method="post" as the contact form: sent before its code arrived (the home page's HTML comes
  // from the server), a plain GET form would put the shopper's e-mail in the address bar and logs
  return (
    <form
      method="post"
      onSubmit={form.handleSubmit(subscribe)}
      className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:flex-row sm:items-start"
    >
      <HookFormField
        form={form}
        name="email"
        id="newsletter-email"
        label="Email address"
        labelClassName="sr-only"
        className="w-full text-left"
      >
        {(control) => (
          <Input
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            {...control}
          />
        )}
      </HookFormField>
      <HoneypotField id="newsletter-website" inputRef={trap} />
      <Button type="submit" className="shrink-0" disabled={form.formState.isSubmitting}>
        Subscribe
      </Button>
    </form>
  );
}
