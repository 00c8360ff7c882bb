import { Mail } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';

/** Resolves once the browser has nothing more urgent to do (soon after the page has rendered). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: 2000 });
    } else setTimeout(resolve, 50);
  });
}

// The form brings react-hook-form and zod (some 37 KB gzip), which are no part of the home page's
// first load (bench/web-size.mjs): it is fetched once the page is up and the browser idle, long
// before a shopper scrolls or tabs down to it, and its place is kept meanwhile.
const NewsletterForm = lazy(() =>
  whenIdle()
    .then(() => import('./newsletter-form'))
    .then(
      (module) => ({ default: module.NewsletterForm }),
      (error: unknown): { default: ComponentType } => {
        console.error('The newsletter form could not load', error);
        return { default: () => null };
      },
    ),
);

/** The form's footprint: the field above the button on a phone, beside it from sm. */
function NewsletterFormSpace() {
  return (
    <div aria-hidden="true" className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:flex-row">
      <div className="h-10 w-full" />
      <div className="h-10 w-28 shrink-0" />
    </div>
  );
}

export function Newsletter() {
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
        <Suspense fallback={<NewsletterFormSpace />}>
          <NewsletterForm />
        </Suspense>
      </div>
    </section>
  );
}
