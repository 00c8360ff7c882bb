import { useState, type KeyboardEvent } from 'react';
import { get, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import { COLOUR_ATTRIBUTE_KEY, SIZE_ATTRIBUTE_KEY } from '@store/contracts/admin/products';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';
import { FormSection } from '@/components/form-section';
import type { ProductFormApi } from './product-form-types';
import { ListError } from './list-error';

/** One attribute's values as removable chips, and a field to add one (Enter or the button). */
function ValuesEditor({ form, index }: { form: ProductFormApi; index: number }) {
  const name = `attributes.${index}.values` as const;
  const values = useWatch({ control: form.control, name }) ?? [];
  const key = useWatch({ control: form.control, name: `attributes.${index}.key` }) || 'attribute';
  const { errors } = useFormState({ control: form.control, name });
  const [text, setText] = useState('');
  const inputId = `attribute-${index}-value`;
  const error =
    (get(errors, name) as { message?: string } | undefined)?.message ??
    (get(errors, name) as ({ message?: string } | undefined)[] | undefined)?.find?.(
      (e) => e?.message,
    )?.message;

  const set = (next: string[]) =>
    form.setValue(name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const add = () => {
    const value = text.trim();
    if (!value) return;
    if (!values.some((v) => v?.toLowerCase() === value.toLowerCase())) set([...values, value]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="grid gap-2">
      {values.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`Values of ${key}`}>
          {values.map((value, i) => (
            <li
              key={`${value}-${i}`}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pl-3 pr-1 text-sm"
            >
              {value}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove ${value} from ${key}`}
                onClick={() => set(values.filter((_, j) => j !== i))}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Label htmlFor={inputId} className="sr-only">
        New value of {key}
      </Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={text}
          placeholder="New value"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="min-w-0"
        />
        <Button variant="outline" onClick={add} aria-label={`Add value to ${key}`}>
          <Plus aria-hidden="true" /> Add
        </Button>
      </div>
      <ListError id={`${inputId}-error`} message={error} />
    </div>
  );
}

/**
 * Attributes: a name and a list of values each. Sizes and colours use the keys the storefront
 * reads ("Size", "Colours"); giving either turns Stock into a grid of every size × colour.
 */
export function AttributesEditor({ form }: { form: ProductFormApi }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'attributes' });
  const attributes = useWatch({ control: form.control, name: 'attributes' }) ?? [];
  const { errors } = useFormState({ control: form.control, name: 'attributes' });
  const has = (key: string) =>
    attributes.some((a) => a?.key?.trim().toLowerCase() === key.toLowerCase());

  return (
    <FormSection
      legend="Attributes"
      description={`Sizes use the name "${SIZE_ATTRIBUTE_KEY}" and colours "${COLOUR_ATTRIBUTE_KEY}": the storefront offers them as choices, with stock for each.`}
    >
      {fields.map((field, index) => (
        <div
          key={field.id}
          className="grid gap-3 rounded-md border border-border p-3 md:grid-cols-[14rem_1fr_auto]"
        >
          <HookFormField
            form={form}
            name={`attributes.${index}.key`}
            id={`attribute-${index}-key`}
            label="Attribute name"
            className="content-start"
          >
            {(control) => <Input autoComplete="off" {...control} />}
          </HookFormField>
          <div className="grid content-start gap-2">
            <span className="text-sm font-medium leading-none" aria-hidden="true">
              Values
            </span>
            <ValuesEditor form={form} index={index} />
          </div>
          <div className="flex items-start md:pt-6">
            <Button
              variant="ghost"
              onClick={() => remove(index)}
              aria-label={`Remove attribute ${attributes[index]?.key || index + 1}`}
            >
              <X aria-hidden="true" /> Remove
            </Button>
          </div>
        </div>
      ))}
      <ListError id="attributes-error" message={errors.attributes?.message} />
      <div className="flex flex-wrap gap-2">
        {!has(SIZE_ATTRIBUTE_KEY) ? (
          <Button
            variant="outline"
            onClick={() => append({ key: SIZE_ATTRIBUTE_KEY, values: [], metricUnit: null })}
          >
            <Plus aria-hidden="true" /> Add sizes
          </Button>
        ) : null}
        {!has(COLOUR_ATTRIBUTE_KEY) ? (
          <Button
            variant="outline"
            onClick={() => append({ key: COLOUR_ATTRIBUTE_KEY, values: [], metricUnit: null })}
          >
            <Plus aria-hidden="true" /> Add colours
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => append({ key: '', values: [], metricUnit: null })}>
          <Plus aria-hidden="true" /> Add attribute
        </Button>
      </div>
    </FormSection>
  );
}
