import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  newOrderBodySchema,
  newOrderPaymentLabel,
  newOrderPayments,
  type NewOrderPayment,
  type NewOrderResponse,
} from '@store/contracts/admin/new-order';
import { indianStatesAndUts, PHONE_PREFIX } from '@store/contracts/india';
import type { ShippingAddress } from '@store/contracts/orders';
import { Button } from '@store/ui/button';
import { FormField } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { FieldError } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { IdempotencyKeys } from '@store/contracts/idempotency';
import { FormSection } from '@/components/form-section';
import { ApiError, errorMessage } from '@/lib/api-client';
import { quoteQueryOptions, usePlaceOrder } from '../api/new-order';
import { CustomerPicker, type CustomerChoice } from './customer-picker';
import { NewOrderTotals } from './new-order-totals';
import { OrderLines, type FormLine } from './order-lines';
import { PlacedOrder } from './placed-order';

const emptyAddress: ShippingAddress = {
  fullName: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  phone: PHONE_PREFIX,
};

const addressFields = [
  { name: 'fullName', label: 'Full Name' },
  { name: 'phone', label: 'Phone' },
  { name: 'address', label: 'Address' },
  { name: 'city', label: 'City' },
  { name: 'postalCode', label: 'PIN code' },
] as const;

/** The request the form stands for now (checked by the contract's schema before it is sent). */
function bodyOf(
  customer: CustomerChoice,
  lines: FormLine[],
  address: ShippingAddress,
  couponCode: string,
  payment: NewOrderPayment,
) {
  return {
    customer:
      customer.kind === 'existing'
        ? { kind: 'existing', id: customer.customer?.id ?? '' }
        : { ...customer },
    lines: lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity,
      ...(l.size ? { size: l.size } : {}),
      ...(l.color ? { color: l.color } : {}),
    })),
    shippingAddress: address,
    ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}),
    payment,
  };
}

/** zod's issues (or the server's `fields`) as messages by dotted path; the first per field. */
function messagesOf(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || 'form';
    out[key] ??= i.message;
  }
  // an existing customer not chosen yet reads as a bad id: say what to do
  if (out['customer.id']) out.customer = 'Choose a customer';
  return out;
}

/** /admin/orders/new: an order taken by phone or WhatsApp. */
export function NewOrderForm() {
  const id = useId();
  const [customer, setCustomer] = useState<CustomerChoice>({ kind: 'existing', customer: null });
  const [lines, setLines] = useState<FormLine[]>([]);
  const [address, setAddress] = useState<ShippingAddress>(emptyAddress);
  const [couponCode, setCouponCode] = useState('');
  const [payment, setPayment] = useState<NewOrderPayment>('link');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<NewOrderResponse | null>(null);
  // one key per attempt: the same form sent again (a double click, a retry after a lost answer)
  // is the same order; a changed form is a new attempt (lib/idempotency.ts on the server)
  const [keys] = useState(() => new IdempotencyKeys());
  const place = usePlaceOrder();

  const saved = customer.kind === 'existing' ? (customer.customer?.addresses ?? []) : [];
  const quoteBody = useMemo(
    () => ({
      lines: bodyOf(customer, lines, address, '', payment).lines,
      ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}),
      shippingAddress: { state: address.state, postalCode: address.postalCode },
      ...(customer.kind === 'existing' && customer.customer
        ? { customerId: customer.customer.id }
        : {}),
      payment,
    }),
    [customer, lines, address, couponCode, payment],
  );
  const quote = useQuery(quoteQueryOptions(quoteBody));

  const chooseCustomer = (next: CustomerChoice) => {
    setCustomer(next);
    // an account's default address and mobile, as the checkout prefills them
    if (next.kind === 'existing' && next.customer) {
      const first = next.customer.addresses[0];
      if (first) setAddress(addressOf(first));
      else if (next.customer.phone) setAddress((a) => ({ ...a, phone: next.customer!.phone! }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = newOrderBodySchema.safeParse(
      bodyOf(customer, lines, address, couponCode, payment),
    );
    if (!parsed.success) {
      setErrors(messagesOf(parsed.error.issues));
      setFormError('Please correct the marked fields');
      return;
    }
    setErrors({});
    try {
      setPlaced(await place.mutateAsync({ body: parsed.data, key: keys.keyFor(parsed.data) }));
      keys.done();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(
          messagesOf(
            Object.entries(error.fields).map(([k, m]) => ({ path: k.split('.'), message: m })),
          ),
        );
      }
      setFormError(errorMessage(error));
    }
  };

  if (placed) return <PlacedOrder placed={placed} />;

  const setField = (name: keyof ShippingAddress, value: string) =>
    setAddress((a) => ({ ...a, [name]: value }));
  const addressError = (name: string) => errors[`shippingAddress.${name}`];

  return (
    <form className="grid max-w-3xl gap-6" noValidate onSubmit={submit}>
      <FormSection legend="Customer">
        <CustomerPicker value={customer} onChange={chooseCustomer} errors={errors} />
      </FormSection>
      <FormSection legend="Items">
        <OrderLines lines={lines} onChange={setLines} errors={errors} />
      </FormSection>
      <FormSection legend="Shipping address">
        {saved.length ? (
          <FormField id={`${id}-saved`} label="Saved address">
            {(control) => (
              <Select
                {...control}
                defaultValue="0"
                onChange={(e) => setAddress(addressOf(saved[Number(e.target.value)]!))}
              >
                {saved.map((a, i) => (
                  <option key={a.id} value={i}>
                    {a.fullName}, {a.address}, {a.city} {a.postalCode}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {addressFields.map((f) => (
            <FormField
              key={f.name}
              id={`${id}-${f.name}`}
              label={f.label}
              error={addressError(f.name)}
            >
              {(control) => (
                <Input
                  {...control}
                  value={address[f.name]}
                  onChange={(e) => setField(f.name, e.target.value)}
                />
              )}
            </FormField>
          ))}
          <FormField id={`${id}-state`} label="State" error={addressError('state')}>
            {(control) => (
              <Select
                {...control}
                value={address.state}
                onChange={(e) => setField('state', e.target.value)}
              >
                <option value="">Choose a state</option>
                {indianStatesAndUts.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
      </FormSection>
      <FormSection legend="Payment">
        <FormField id={`${id}-coupon`} label="Coupon code" error={errors.couponCode}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              value={couponCode}
              onChange={(e) => setCouponCode(e.target.value)}
            />
          )}
        </FormField>
        <div role="radiogroup" aria-label="Payment" className="flex flex-wrap gap-4 text-sm">
          {newOrderPayments.map((p) => (
            <label key={p} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-payment`}
                checked={payment === p}
                onChange={() => setPayment(p)}
              />
              {newOrderPaymentLabel[p]}
            </label>
          ))}
        </div>
        <FieldError>{errors.paymentMethod}</FieldError>
        <NewOrderTotals quote={quote.data} loading={quote.isFetching} error={quote.error} />
      </FormSection>
      {formError ? <FieldError>{formError}</FieldError> : null}
      <div>
        <Button type="submit" disabled={place.isPending}>
          {place.isPending ? 'Placing…' : 'Place order'}
        </Button>
      </div>
    </form>
  );
}

const addressOf = (a: ShippingAddress): ShippingAddress => ({
  fullName: a.fullName,
  address: a.address,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  phone: a.phone,
});
