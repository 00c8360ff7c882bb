import { Mail } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

// The form brings react-hook-form and zod (some 37 KB gzip), which are no part of the home page's
// first load (bench/web-size.mjs). A phone should not pay for them unless the shopper comes near the
// form: it is fetched when the section is within a screen or so of the viewport (long before it is
// seen or tabbed to), and its place is kept meanwhile. Without IntersectionObserver it loads at once.
const NEAR_VIEWPORT = '800px 0px';

const NewsletterForm = lazy(() =>
  import('./newsletter-form').then(
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
  const [sectionRef, near] = useNearViewport<HTMLElement>(NEAR_VIEWPORT);
  return (
    <section
      ref={sectionRef}
      aria-labelledby="newsletter-heading"
      className="border-t border-border bg-muted/60"
    >
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <Mail className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h2 id="newsletter-heading" className="mt-4 text-3xl font-semibold">
          Subscribe to Our Newsletter
        </h2>
        <p className="mt-3 text-muted-foreground">
          New arrivals, journaling ideas and members-only offers, once a month.
        </p>
        {near ? (
          <Suspense fallback={<NewsletterFormSpace />}>
            <NewsletterForm />
          </Suspense>
        ) : (
          <NewsletterFormSpace />
        )}
      </div>
    </section>
  );
}
