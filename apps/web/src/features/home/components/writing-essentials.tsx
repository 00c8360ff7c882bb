import { BookOpen, Feather, NotebookPen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { paths } from '@/lib/paths';

const points = [
  { icon: NotebookPen, text: 'Dated and undated diaries for every kind of planner' },
  { icon: BookOpen, text: 'Ruled, dotted and plain notebooks on thick, ink-friendly paper' },
  { icon: Feather, text: 'Fountain-pen inks and refills that glide and never feather' },
];

export function WritingEssentials() {
  return (
    <section aria-labelledby="essentials-heading" className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
      <div className="grid items-center gap-10 overflow-hidden rounded-3xl bg-accent px-6 py-12 text-accent-foreground sm:px-12 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-foreground/80">
            Diaries &amp; Notebooks
          </p>
          <h2 id="essentials-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
            Writing Essentials
          </h2>
          <p className="mt-4 text-accent-foreground/85">
            Everything a daily writing habit needs, from a pocket diary for quick notes to a
            hardbound journal for the long thoughts.
          </p>
          <Link
            to={paths.products()}
            className={`${buttonVariants({ size: 'lg', variant: 'secondary' })} mt-8`}
          >
            Browse Products
          </Link>
        </div>
        <ul className="space-y-4">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-4 rounded-xl bg-white/10 p-4">
              <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
