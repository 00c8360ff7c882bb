import type { ReactNode } from 'react';

/** A titled group of the form's fields. */
export function Section({
  legend,
  description,
  children,
}: {
  legend: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border border-border bg-card p-4">
      <legend className="px-1 font-sans text-lg font-semibold">{legend}</legend>
      {description ? <p className="-mt-2 text-sm text-muted-foreground">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/** The form's message for a list field as a whole (e.g. "At most 12 images"). */
export function ListError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}
