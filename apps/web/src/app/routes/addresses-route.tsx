import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { MapPin, Plus } from 'lucide-react';
import {
  ADDRESS_BOOK_MAX,
  addressLabels,
  addressLabelText,
  type AddressLabel,
  type SavedAddress,
} from '@store/contracts/addresses';
import type { ShippingAddress } from '@store/contracts/orders';
import { Button } from '@store/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import { Select } from '@store/ui/select';
import { Skeleton } from '@store/ui/skeleton';
import { toast } from '@store/ui/toast';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useZodForm } from '@/lib/use-zod-form';
import {
  useAddressesQuery,
  useDeleteAddressMutation,
  useSaveAddressMutation,
  useSetDefaultAddressMutation,
} from '@/features/addresses/api/addresses';
import { AddressSummary } from '@/features/addresses/components/address-summary';
import { toAddressFormValues } from '@/features/addresses/lib/address-book';
import { ShippingFields } from '@/features/checkout/components/shipping-fields';
import {
  emptyShippingForm,
  serverShippingErrors,
  shippingFormSchema,
  type ShippingFieldName,
  type ShippingFormValues,
} from '@/features/checkout/lib/shipping-form';

/** What the editor is open for: a new address, or one of the book's. */
type Editing = { kind: 'new' } | { kind: 'edit'; address: SavedAddress };

/**
 * The add/edit form: the checkout's own fields and rules (features/checkout), plus the address
 * type and, for a new or non-default address, "Make this my default address".
 */
function AddressEditor({
  editing,
  isFirst,
  onDone,
}: {
  editing: Editing;
  isFirst: boolean;
  onDone(): void;
}) {
  const current = editing.kind === 'edit' ? editing.address : undefined;
  const form = useZodForm(shippingFormSchema, {
    defaultValues: current ? toAddressFormValues(current) : emptyShippingForm,
    afterSubmit: 'clear',
  });
  const [label, setLabel] = useState<AddressLabel | ''>(current?.label ?? '');
  const [makeDefault, setMakeDefault] = useState(false);
  const save = useSaveAddressMutation();

  const onInvalid = (errors: FieldErrors<ShippingFormValues>) => {
    if (errors.root) toast.error('Please fill all fields', { description: errors.root.message });
  };

  const submit = async (address: ShippingAddress) => {
    try {
      await save.mutateAsync({
        id: current?.id,
        body: { ...address, label: label || null, ...(makeDefault ? { isDefault: true } : {}) },
      });
      toast.success('Address saved');
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? serverShippingErrors(error.fields) : {};
      for (const [name, message] of Object.entries(fields))
        form.setError(name as ShippingFieldName, { type: 'server', message });
      toast.error('Could not save the address', {
        description: serverErrorText(error) ?? 'Please try again later',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{current ? 'Edit address' : 'Add a new address'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit(submit, onInvalid)}
          className="grid gap-5"
          aria-label={current ? 'Edit address' : 'New address'}
        >
          <ShippingFields form={form} />
          <div className="grid gap-2 sm:max-w-xs">
            <label htmlFor="address-label" className="text-sm font-medium">
              Address type (optional)
            </label>
            <Select
              id="address-label"
              value={label}
              onChange={(event) => setLabel(event.target.value as AddressLabel | '')}
            >
              <option value="">None</option>
              {addressLabels.map((l) => (
                <option key={l} value={l}>
                  {addressLabelText[l]}
                </option>
              ))}
            </Select>
          </div>
          {!isFirst && !current?.isDefault && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={makeDefault}
                onChange={(event) => setMakeDefault(event.target.checked)}
              />
              Make this my default address
            </label>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save address'}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** One address of the book with its actions; Delete asks once more before it deletes. */
function AddressEntry({
  address,
  onEdit,
  busy,
}: {
  address: SavedAddress;
  onEdit(): void;
  busy: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAddressMutation();
  const makeDefault = useSetDefaultAddressMutation();
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: serverErrorText(error) ?? 'Please try again later' });

  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <AddressSummary address={address} />
      {confirming ? (
        <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Delete address">
          <span className="text-sm font-medium">Delete this address?</span>
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(address.id, {
                onSuccess: () => toast.success('Address deleted'),
                onError: failed('Could not delete the address'),
              })
            }
          >
            Yes, delete
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={busy} onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </Button>
          {!address.isDefault && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy || makeDefault.isPending}
              onClick={() =>
                makeDefault.mutate(address.id, {
                  onSuccess: () => toast.success('Default address changed'),
                  onError: failed('Could not change the default address'),
                })
              }
            >
              Set as default
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

export function Component() {
  const { data, isPending, isError } = useAddressesQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const addresses = data ?? [];
  const full = addresses.length >= ADDRESS_BOOK_MAX;

  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:py-14">
      <div>
        <Link
          to={paths.account}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          ← My Account
        </Link>
        <h1 className="mt-2 text-3xl font-semibold">My Addresses</h1>
        <p className="mt-1 text-muted-foreground">
          Saved addresses fill in at checkout. The default one is picked first.
        </p>
      </div>

      {editing ? (
        <AddressEditor
          // a new form for each address opened
          key={editing.kind === 'edit' ? editing.address.id : 'new'}
          editing={editing}
          isFirst={addresses.length === 0}
          onDone={() => setEditing(null)}
        />
      ) : (
        !isPending &&
        !isError && (
          <div className="grid gap-2">
            <Button
              className="justify-self-start"
              disabled={full}
              onClick={() => setEditing({ kind: 'new' })}
            >
              <Plus aria-hidden="true" />
              Add a new address
            </Button>
            {full && (
              <p className="text-sm text-muted-foreground">
                You can keep up to {ADDRESS_BOOK_MAX} addresses. Please delete one to add another.
              </p>
            )}
          </div>
        )
      )}

      {isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading addresses">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : isError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
        >
          Could not load your addresses. Please try again later.
        </p>
      ) : addresses.length === 0 ? (
        !editing && (
          <div className="flex items-start gap-4 rounded-xl border border-dashed border-border p-6">
            <MapPin className="size-6 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-1">
              <h2 className="font-medium">No saved addresses yet</h2>
              <p className="text-sm text-muted-foreground">
                Add one here, or tick Save this address at checkout.
              </p>
            </div>
          </div>
        )
      ) : (
        <ul className="grid gap-4" aria-label="Saved addresses">
          {addresses.map((a) => (
            <AddressEntry
              key={a.id}
              address={a}
              busy={editing !== null}
              onEdit={() => setEditing({ kind: 'edit', address: a })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
