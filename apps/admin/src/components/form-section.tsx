import type { ReactNode } from 'react';

/** A titled group of a form's fields (the product form, Store settings). */
export function FormSection({
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
