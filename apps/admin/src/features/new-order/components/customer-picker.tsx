import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { NewOrderCustomer } from '@store/contracts/admin/new-order';
import { Button } from '@store/ui/button';
import { FormField } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { SearchPicker } from '@/components/search-picker';
import { FieldError } from '@store/ui/label';
import { customerMatchesQueryOptions } from '../api/new-order';

/** What the form holds of the customer: an account chosen, or a new one's details. */
export type CustomerChoice =
  | { kind: 'existing'; customer: NewOrderCustomer | null }
  | { kind: 'new'; firstName: string; lastName: string; email: string; mobile: string };

export const emptyNewCustomer: CustomerChoice = {
  kind: 'new',
  firstName: '',
  lastName: '',
  email: '',
  mobile: '+91',
};

const newFields = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'off' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'mobile', label: 'Mobile number', type: 'tel', autoComplete: 'off' },
] as const;

/** Existing customer (search by name, e-mail or mobile) or New customer (their details). */
export function CustomerPicker({
  value,
  onChange,
  errors,
}: {
  value: CustomerChoice;
  onChange: (next: CustomerChoice) => void;
  /** messages by field: customer, customer.email, … */
  errors: Record<string, string>;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const matches = useQuery(customerMatchesQueryOptions(q));
  return (
    <div className="grid gap-4">
      <div role="radiogroup" aria-label="Customer" className="flex flex-wrap gap-4 text-sm">
        {(['existing', 'new'] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={value.kind === kind}
              onChange={() =>
                onChange(kind === 'new' ? emptyNewCustomer : { kind, customer: null })
              }
            />
            {kind === 'new' ? 'New customer' : 'Existing customer'}
          </label>
        ))}
      </div>
      {value.kind === 'existing' ? (
        value.customer ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm">
            <span data-testid="chosen-customer">
              {value.customer.firstName} {value.customer.lastName} · {value.customer.email}
              {value.customer.phone ? ` · ${value.customer.phone}` : ''}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange({ kind: 'existing', customer: null })}
            >
              Change
            </Button>
          </div>
        ) : (
          <div className="grid gap-2">
            <SearchPicker
              id={id}
              label="Find a customer"
              placeholder="Name, email or mobile"
              query={q}
              onQueryChange={setQ}
              minLength={2}
              matches={matches.data?.data}
              listLabel="Matching customers"
              noMatch="No customer matches. Choose New customer to add them."
              renderMatch={(c) => (
                <button
                  type="button"
                  className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-muted"
                  onClick={() => onChange({ kind: 'existing', customer: c })}
                >
                  {c.firstName} {c.lastName} · {c.email}
                  {c.phone ? ` · ${c.phone}` : ''}
                </button>
              )}
            />
            {errors.customer ? <FieldError id={`${id}-error`}>{errors.customer}</FieldError> : null}
          </div>
        )
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {newFields.map((f) => (
            <FormField
              key={f.name}
              id={`${id}-${f.name}`}
              label={f.label}
              error={errors[`customer.${f.name}`]}
              hint={
                f.name === 'email'
                  ? 'An e-mail the shop knows is that customer’s account; a new one gets an invitation to choose a password.'
                  : undefined
              }
            >
              {(control) => (
                <Input
                  {...control}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  value={value[f.name]}
                  onChange={(e) => onChange({ ...value, [f.name]: e.target.value })}
                />
              )}
            </FormField>
          ))}
        </div>
      )}
    </div>
  );
}
