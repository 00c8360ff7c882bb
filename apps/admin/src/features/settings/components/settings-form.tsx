import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { policySlugs, type PolicySlug } from '@store/contracts/store';
import {
  paymentMethodIds,
  paymentMethodLabels,
  storeSettingsSchema,
  type StoreSettings,
} from '@store/contracts/admin/settings';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError, Label } from '@store/ui/label';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';
import { applyServerErrors } from '@/lib/api-client';
import { FormSection } from '@/components/form-section';
import { useSaveSettings, type StoreSettingsResponse } from '../api/settings';
import { ImageUpload } from '@/components/image-upload';
import { policyPreviewHtml } from '../lib/policy-preview';
import { builtinPolicies } from '@store/contracts/policies/builtin';
import { DeliveryChargesSettings } from './delivery-charges-settings';
import { DeliverySettings } from './delivery-settings';
import { CartReminderSettings } from './cart-reminder-settings';
import { ReturnSettings } from './return-settings';
import { OwnerNoticeSettings } from './owner-notice-settings';
import { FairStockSettings } from './fair-stock-settings';
import { CodSettings, GstSettings } from './gst-cod-settings';

type Form = UseFormReturn<z.input<typeof storeSettingsSchema>, unknown, StoreSettings>;
type PaymentMethod = (typeof paymentMethodIds)[number];

const policyTitles: Record<PolicySlug, string> = {
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  refund: 'Refund policy',
  return: 'Return policy',
  shipping: 'Shipping policy',
  about: 'About us',
};

const fieldNames = [
  'storeName',
  'companyName',
  'companyAddress',
  'companyPhone',
  'companyEmail',
  'description',
  'companyLogoUrl',
  'categoryImages',
  'policies',
  'paymentMethods',
  'upiVpa',
  'upiPayeeName',
  'dispatchPin',
  'deliveryZones',
  'deliveryCharges',
  'gstin',
  'gstState',
  'codEnabled',
  'codMaxRupees',
  'codPinPrefixes',
  'codFeeRupees',
  'codCodeAboveRupees',
  'maxOpenOrders',
  'maxHeldUnits',
  'codConfirmHours',
  'cartReminderHours',
  'returnWindowDays',
  'ownerNotices',
];

/** One policy's HTML and, beside it, the sanitised preview with the placeholders filled. */
function PolicyEditor({ form, slug }: { form: Form; slug: PolicySlug }) {
  const [html, companyName, storeName, companyAddress, companyEmail, companyPhone, companyLogoUrl] =
    useWatch({
      control: form.control,
      name: [
        `policies.${slug}`,
        'companyName',
        'storeName',
        'companyAddress',
        'companyEmail',
        'companyPhone',
        'companyLogoUrl',
      ],
    });
  const own = (html ?? '').trim() !== '';
  // an empty field shows shoppers the built-in text: the owner sees that text, not a note about it
  const preview = policyPreviewHtml(own ? html! : builtinPolicies[slug], {
    companyName: companyName?.trim() || storeName?.trim() || 'our store',
    companyAddress: companyAddress ?? '',
    companyEmail: companyEmail ?? '',
    companyPhone: companyPhone ?? '',
    companyLogoUrl: companyLogoUrl ?? '',
  });
  return (
    <details className="rounded-md border border-border p-3">
      <summary className="cursor-pointer font-medium">{policyTitles[slug]}</summary>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-2">
          <HookFormField
            form={form}
            name={`policies.${slug}`}
            id={`policy-${slug}`}
            label={`${policyTitles[slug]} (HTML)`}
            hint="Empty keeps the built-in text. Placeholders: {companyName}, {companyAddress}, {companyEmail}, {companyPhone}"
          >
            {(control) => <Textarea rows={12} className="font-mono text-xs" {...control} />}
          </HookFormField>
          {!own ? (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() =>
                  form.setValue(`policies.${slug}`, builtinPolicies[slug].trim(), {
                    shouldDirty: true,
                  })
                }
              >
                Start from the built-in text
              </Button>
            </div>
          ) : null}
        </div>
        <div className="grid content-start gap-2">
          <p className="text-sm font-medium" aria-hidden="true">
            {own ? 'Preview' : 'Built-in text (shoppers see this while the field is empty)'}
          </p>
          <div
            role="region"
            aria-label={`${policyTitles[slug]} preview`}
            className="prose-sm max-h-80 overflow-auto rounded-md border border-border bg-background p-3 text-sm [&_h2]:mt-3 [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:my-2"
            // sanitised with the storefront's allow-list just above
            dangerouslySetInnerHTML={{
              __html: preview,
            }}
          />
        </div>
      </div>
    </details>
  );
}

/** The logo: its address, or an image uploaded from the computer; shown as the storefront will. */
function LogoField({ form }: { form: Form }) {
  const logo = useWatch({ control: form.control, name: 'companyLogoUrl' });
  return (
    <div className="grid gap-2">
      <HookFormField
        form={form}
        name="companyLogoUrl"
        id="settings-companyLogoUrl"
        label="Logo URL"
        hint="Upload an image below, or paste the address of one."
      >
        {(control) => <Input type="url" {...control} />}
      </HookFormField>
      {logo ? (
        <img
          src={logo}
          alt="The store’s logo"
          className="h-16 w-auto max-w-48 rounded border border-border object-contain"
        />
      ) : null}
      <ImageUpload
        id="settings-logo-file"
        label="Upload logo"
        onUploaded={(url) => form.setValue('companyLogoUrl', url, { shouldDirty: true })}
      />
    </div>
  );
}

function CategoryImages({ form, categories }: { form: Form; categories: string[] }) {
  const images = useWatch({ control: form.control, name: 'categoryImages' }) ?? {};
  const names = ['default', ...new Set([...categories, ...Object.keys(images)])].filter(
    (name, i, all) => all.indexOf(name) === i,
  );
  const set = (name: string, url: string) => {
    const next = { ...form.getValues('categoryImages') };
    if (url.trim()) next[name] = url.trim();
    else delete next[name];
    form.setValue('categoryImages', next, { shouldDirty: true });
  };
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {names.map((name, i) => (
        <div key={name} className="grid gap-1">
          <Label htmlFor={`category-image-${i}`}>
            {name === 'default' ? 'Default image (other categories)' : `${name} image URL`}
          </Label>
          <Input
            id={`category-image-${i}`}
            type="url"
            value={images[name] ?? ''}
            onChange={(e) => set(name, e.target.value)}
          />
          <ImageUpload
            id={`category-image-file-${i}`}
            label={`Upload ${name === 'default' ? 'the default' : `the ${name}`} image`}
            onUploaded={(url) => set(name, url)}
          />
        </div>
      ))}
    </div>
  );
}

function PaymentMethods({ form, available }: { form: Form; available: PaymentMethod[] }) {
  const chosen = useWatch({ control: form.control, name: 'paymentMethods' }) ?? [];
  const error = form.formState.errors.paymentMethods?.message;
  const toggle = (id: PaymentMethod, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((m) => m !== id);
    form.setValue('paymentMethods', next, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <fieldset aria-describedby={error ? 'payment-methods-error' : undefined} className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Payment methods offered</legend>
      {paymentMethodIds.map((id) => {
        const offerable = available.includes(id);
        return (
          <div key={id} className="flex items-center gap-2">
            <input
              id={`payment-${id}`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(id)}
              disabled={!offerable}
              onChange={(e) => toggle(id, e.target.checked)}
            />
            <Label htmlFor={`payment-${id}`} className={offerable ? '' : 'text-muted-foreground'}>
              {paymentMethodLabels[id]}
              {offerable ? '' : ' (not configured on this server)'}
            </Label>
          </div>
        );
      })}
      <FieldError id="payment-methods-error">{error}</FieldError>
    </fieldset>
  );
}

/** Store settings (owner): the shop's name and contact, images, policies, payment; Save. */
export function SettingsForm({
  data,
  categories,
}: {
  data: StoreSettingsResponse;
  categories: string[];
}) {
  const form: Form = useForm({
    resolver: zodResolver(storeSettingsSchema),
    defaultValues: data.settings,
  });
  const save = useSaveSettings();
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      // an empty policy keeps the built-in text: it is left out, not saved as ''
      const policies = Object.fromEntries(
        Object.entries(values.policies).filter(([, html]) => html?.trim()),
      );
      const saved = await save.mutateAsync({ ...values, policies });
      form.reset(saved?.settings ?? values);
      toast.success('Settings saved');
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  const text = (
    name: 'storeName' | 'companyName' | 'companyPhone' | 'companyEmail' | 'upiVpa' | 'upiPayeeName',
    label: string,
    type = 'text',
    hint?: string,
  ) => (
    <HookFormField form={form} name={name} id={`settings-${name}`} label={label} hint={hint}>
      {(control) => <Input type={type} {...control} />}
    </HookFormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <FormSection legend="Store">
        <div className="grid gap-4 md:grid-cols-2">
          {text('storeName', 'Store name')}
          {text('companyName', 'Company name')}
          {text('companyPhone', 'Phone', 'tel')}
          {text('companyEmail', 'Email', 'email')}
        </div>
        <HookFormField
          form={form}
          name="companyAddress"
          id="settings-companyAddress"
          label="Address"
        >
          {(control) => <Textarea rows={3} {...control} />}
        </HookFormField>
        <HookFormField form={form} name="description" id="settings-description" label="Description">
          {(control) => <Textarea rows={3} {...control} />}
        </HookFormField>
        <LogoField form={form} />
      </FormSection>

      <FormSection legend="Category images">
        <CategoryImages form={form} categories={categories} />
      </FormSection>

      <FormSection legend="Policies">
        {policySlugs.map((slug) => (
          <PolicyEditor key={slug} form={form} slug={slug} />
        ))}
      </FormSection>

      <FormSection legend="Payment">
        <PaymentMethods form={form} available={data.availablePaymentMethods} />
        <div className="grid gap-4 md:grid-cols-2">
          {text('upiVpa', 'UPI ID', 'text', 'Where UPI payments go, e.g. shop@okbank')}
          {text('upiPayeeName', 'UPI payee name')}
        </div>
      </FormSection>

      <FormSection legend="Delivery">
        <DeliverySettings form={form} />
      </FormSection>

      <FormSection legend="Delivery charges">
        <DeliveryChargesSettings form={form} productsWithoutWeight={data.productsWithoutWeight} />
      </FormSection>

      <FormSection legend="GST">
        <GstSettings form={form} />
      </FormSection>

      <FormSection legend="Cash on delivery">
        <CodSettings form={form} />
      </FormSection>

      <FormSection legend="Orders and stock">
        <FairStockSettings form={form} />
      </FormSection>

      <FormSection legend="Cart reminders">
        <CartReminderSettings form={form} />
      </FormSection>

      <FormSection legend="Returns">
        <ReturnSettings form={form} />
      </FormSection>

      <FormSection
        legend="Owner e-mails"
        description="E-mailed to every owner, and to staff who get the owner's e-mails (Staff screen). Contact messages always are."
      >
        <OwnerNoticeSettings form={form} />
      </FormSection>

      <FieldError className="font-medium">{problem}</FieldError>
      <div>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
