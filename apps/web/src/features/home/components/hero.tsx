import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@store/ui/badge';
import { buttonVariants } from '@store/ui/button';
import { cn } from '@store/ui/cn';
import { paths } from '@/lib/paths';

/** Hero with a drawn notebook (CSS only: no image request before the headline paints). */
export function Hero() {
  return (
    <section className="paper-texture relative overflow-hidden border-b border-border">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 md:grid-cols-[1.1fr_0.9fr] md:py-24 lg:px-8">
        <div className="max-w-xl">
          <Badge variant="secondary" className="px-3 py-1 text-sm">
            <Sparkles className="size-3.5" aria-hidden="true" />
            Crafted for writers, planners &amp; dreamers
          </Badge>
          <h1 className="mt-6 text-4xl font-semibold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl">
            Inspire Your Creative Journey
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
            Hand-bound diaries, smooth-paper notebooks, fresh magazines and fine inks, chosen for
            the way you write, sketch and plan.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.products()} className={buttonVariants({ size: 'lg' })}>
              Shop Collection
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link
              to={paths.products({ featured: true })}
              className={buttonVariants({ size: 'lg', variant: 'outline' })}
            >
              Featured Items
            </Link>
          </div>
        </div>
        <div aria-hidden="true" className="relative mx-auto hidden h-80 w-72 md:block">
          <div className="absolute inset-0 translate-x-6 translate-y-4 rotate-6 rounded-2xl bg-accent shadow-xl" />
          <div className="absolute inset-0 -rotate-3 rounded-2xl bg-primary shadow-2xl">
            <div className="absolute inset-y-0 left-6 w-2 bg-black/15" />
            <div className="absolute left-12 right-6 top-10 rounded-md bg-paper/90 px-4 py-3 font-display text-lg text-primary">
              Journal
            </div>
            <div className="absolute bottom-6 right-6 h-1.5 w-20 rounded-full bg-paper/40" />
          </div>
          <div
            className={cn(
              'ruled-lines absolute -bottom-8 -left-14 h-40 w-56 rotate-[-9deg] rounded-lg border border-border bg-card shadow-lg',
            )}
          />
          <div className="absolute -right-6 top-8 h-64 w-3 rotate-[18deg] rounded-full bg-ink shadow-md">
            <div className="h-10 rounded-t-full bg-ring" />
          </div>
        </div>
      </div>
    </section>
  );
}
