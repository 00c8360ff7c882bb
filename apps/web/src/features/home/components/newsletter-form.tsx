import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { toast } from '@store/ui/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { newsletterFormSchema } from '../lib/newsletter-form';

/** No network call (spec section 2): confirm and clear. */
export function NewsletterForm() {
  const form = useZodForm(newsletterFormSchema, { defaultValues: { email: '' } });
  const subscribe = () => {
    toast.success('Subscribed!', { description: 'Thank you for subscribing to our newsletter.' });
    form.reset();
  };
  return (
    <form
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
      <Button type="submit" className="shrink-0">
        Subscribe
      </Button>
    </form>
  );
}
