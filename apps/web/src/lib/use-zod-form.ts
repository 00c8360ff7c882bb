import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

export interface ZodFormOptions<
  TValues extends FieldValues,
  TOutput extends FieldValues,
> extends Omit<UseFormProps<TValues, unknown, TOutput>, 'resolver' | 'reValidateMode'> {
  /**
   * What editing a field does to its message once the form was submitted: 'revalidate' checks it
   * again on every change (react-hook-form's default; sign-in and register); 'clear' takes the
   * message away at the first edit and checks again only on the next submit (checkout and payment,
   * whose messages, the server's too, have always behaved so).
   */
  afterSubmit?: 'revalidate' | 'clear';
}

/**
 * The one way a storefront form is built: react-hook-form validated by a zod schema (usually from
 * @store/contracts), typed by the schema's input and output.
 */
export function useZodForm<TValues extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TValues>,
  { afterSubmit = 'revalidate', ...options }: ZodFormOptions<TValues, TOutput> = {},
) {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  const form = useForm<TValues, unknown, TOutput>({
    ...options,
    resolver,
    reValidateMode: afterSubmit === 'clear' ? 'onSubmit' : 'onChange',
  });

  const { watch, getFieldState, clearErrors } = form;
  useEffect(() => {
    if (afterSubmit !== 'clear') return;
    const { unsubscribe } = watch((_values, { name, type }) => {
      if (type === 'change' && name && getFieldState(name).error) clearErrors(name);
    });
    return unsubscribe;
  }, [afterSubmit, watch, getFieldState, clearErrors]);

  return form;
}
