import type { ReactNode } from 'react';
import {
  get,
  useFormState,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { FormField, type FieldControlProps, type FormFieldProps } from './form-field';

// Kept apart from form-field.tsx: a page that draws a FormField without react-hook-form (the home
// page's newsletter before its form logic arrives) must not pull the library in with it.

export type HookFormFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TOutput extends FieldValues,
> = Omit<FormFieldProps, 'error' | 'children'> & {
  form: Pick<UseFormReturn<TValues, unknown, TOutput>, 'control' | 'register'>;
  name: TName;
  /** passed to register(), e.g. an onChange that reformats what was typed */
  registerOptions?: RegisterOptions<TValues, TName>;
  /** shown while the form holds no message of its own for the field (the server's verdict) */
  fallbackError?: string;
  /** the control, given the label/hint/error wiring together with register()'s props */
  children: (control: FieldControlProps & UseFormRegisterReturn<TName>) => ReactNode;
};

/** A FormField bound to one react-hook-form field: its message is the form's error for `name`. */
export function HookFormField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TOutput extends FieldValues,
>({
  form,
  name,
  registerOptions,
  fallbackError,
  children,
  ...field
}: HookFormFieldProps<TValues, TName, TOutput>) {
  // subscribes to this field's error only: typing elsewhere does not redraw it
  const { errors } = useFormState({ control: form.control, name });
  const own = get(errors, name) as { message?: string } | undefined;
  return (
    <FormField {...field} error={own?.message || fallbackError}>
      {(control) => children({ ...control, ...form.register(name, registerOptions) })}
    </FormField>
  );
}
