import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';
import { toast } from '@store/ui/toast';

/** No network call (spec section 2): confirm and clear. The browser checks the email (type, required). */
export function Newsletter() {
  const [email, setEmail] = useState('');

  const subscribe = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    toast.success('Subscribed!', { description: 'Thank you for subscribing to our newsletter.' });
    setEmail('');
  };

  return (
    <section aria-labelledby="newsletter-heading" className="border-t border-border bg-muted/60">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <Mail className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h2 id="newsletter-heading" className="mt-4 text-3xl font-semibold">
          Subscribe to Our Newsletter
        </h2>
        <p className="mt-3 text-muted-foreground">
          New arrivals, journaling ideas and members-only offers, once a month.
        </p>
        <form
          onSubmit={subscribe}
          className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:flex-row"
        >
          <Label htmlFor="newsletter-email" className="sr-only">
            Email address
          </Label>
          <Input
            id="newsletter-email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" className="shrink-0">
            Subscribe
          </Button>
        </form>
      </div>
    </section>
  );
}
