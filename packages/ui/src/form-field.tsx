import type { ReactNode } from 'react';
import { cn } from './cn';
import { FieldError, Label } from './label';

/** Props that tie an input to its label, hint and error message (spread them on the control). */
export function fieldControlProps(id: string, error?: string, hint?: boolean) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

export type FieldControlProps = ReturnType<typeof fieldControlProps>;

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** e.g. 'sr-only' where the section around the field already says what it is for */
  labelClassName?: string;
  /** the control first and its label beside it, as a checkbox reads */
  inline?: boolean;
  /**
   * The control. As a function it receives the id and aria props that tie it to this label, hint
   * and error, so a form states them once.
   */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

/** Label, control, optional hint and inline error, stacked (or control and label in a row). */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  labelClassName,
  inline,
  children,
}: FormFieldProps) {
  const control =
    typeof children === 'function'
      ? children(fieldControlProps(id, error, Boolean(hint)))
      : children;
  return (
    <div className={cn('grid', inline ? 'gap-1' : 'gap-2', className)}>
      {inline ? (
        <div className="flex items-start gap-3">
          {control}
          <Label htmlFor={id} className={cn('leading-snug', labelClassName)}>
            {label}
          </Label>
        </div>
      ) : (
        <>
          <Label htmlFor={id} className={labelClassName}>
            {label}
          </Label>
          {control}
        </>
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
