import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@store/ui/button';
import { FormField } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';

/** Simulated delivery time: the contact form makes no server call (spec section 2). */
export const CONTACT_SEND_DELAY_MS = 1500;

export function ContactForm() {
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    timer.current = setTimeout(() => {
      setSending(false);
      form.reset();
      toast.success('Message Sent', {
        description: "Thank you for contacting us. We'll get back to you shortly.",
      });
    }, CONTACT_SEND_DELAY_MS);
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <FormField id="contact-name" label="Your Name">
        <Input id="contact-name" name="name" autoComplete="name" required />
      </FormField>
      <FormField id="contact-email" label="Email Address">
        <Input id="contact-email" name="email" type="email" autoComplete="email" required />
      </FormField>
      <FormField id="contact-subject" label="Subject" className="sm:col-span-2">
        <Input id="contact-subject" name="subject" required />
      </FormField>
      <FormField id="contact-message" label="Your Message" className="sm:col-span-2">
        <Textarea id="contact-message" name="message" rows={6} required />
      </FormField>
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
