import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A page with nothing in it yet (an empty cart or wishlist): icon, heading, a line and a way on. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <span className="rounded-full bg-muted p-5">
        <Icon className="size-10 text-primary" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      {action}
    </section>
  );
}
