import { useEffect, useRef, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { contactFormSchema, emptyContactForm } from '../lib/contact-form';

/** Simulated delivery time: the contact form makes no server call (spec section 2). */
export const CONTACT_SEND_DELAY_MS = 1500;

export function ContactForm() {
  const form = useZodForm(contactFormSchema, { defaultValues: emptyContactForm });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The 1.5 s count from the click, not from the end of the (asynchronous) check.
    clearTimeout(timer.current);
    const delivered = new Promise<void>((resolve) => {
      timer.current = setTimeout(resolve, CONTACT_SEND_DELAY_MS);
    });
    void form.handleSubmit(async () => {
      await delivered;
      form.reset();
      toast.success('Message Sent', {
        description: "Thank you for contacting us. We'll get back to you shortly.",
      });
    })(event);
  };

  // isSubmitting lasts from the click until the simulated delivery is over
  const sending = form.formState.isSubmitting;
  // method="post": the page arrives rendered by the server, and a form sent before (or without) its
  // scripts would otherwise put the shopper's name, e-mail and message in the address bar
  return (
    <form method="post" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <HookFormField form={form} name="name" id="contact-name" label="Your Name">
        {(control) => <Input autoComplete="name" required {...control} />}
      </HookFormField>
      <HookFormField form={form} name="email" id="contact-email" label="Email Address">
        {(control) => <Input type="email" autoComplete="email" required {...control} />}
      </HookFormField>
      <HookFormField
        form={form}
        name="subject"
        id="contact-subject"
        label="Subject"
        className="sm:col-span-2"
      >
        {(control) => <Input required {...control} />}
      </HookFormField>
      <HookFormField
        form={form}
        name="message"
        id="contact-message"
        label="Your Message"
        className="sm:col-span-2"
      >
        {(control) => <Textarea rows={6} required {...control} />}
      </HookFormField>
      <Button
        type="submit"
        size="lg"
        disabled={sending}
        className="sm:col-span-2 sm:justify-self-start"
      >
        <Send aria-hidden="true" />
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
