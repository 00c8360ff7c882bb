import { eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import {
  gstinStateProblem,
  paymentMethodIds,
  paymentMethodLabels,
  upiVpaSchema,
  type StoreSettings,
} from '@store/contracts/admin/settings';
import { paiseToRupees, rupeesToPaise } from '@store/contracts/money';
import { policyHtmlRules } from '@store/contracts/policy-html';
import { policySlugs, type PolicySlug } from '@store/contracts/store';
import type { Db, DbOrTx } from '../../db/client';
import { categories, stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { PaymentConfig } from '../payments/payment-config';
import { changedFields } from '../products/admin-products.service';
import { syncStoreCategories } from '../products/categories.service';
import { recordActivity, type Actor } from '../activity/activity.service';
import {
  defaultDeliveryZones,
  deliveryZoneIds,
  deliveryZonesOrDefault,
  normalizePin,
  pinNotFoundMessage,
  type DeliveryZones,
} from '@store/contracts/delivery';
import { findPin } from '../shipping/pincodes.service';
import {
  countProductsWithoutWeight,
  deliveryChargeRulesOfStore,
} from '../shipping/delivery-charge.service';
import {
  deliveryChargeRulesFromForm,
  deliveryChargesForm,
} from '@store/contracts/admin/delivery-charges';

type PaymentMethodId = (typeof paymentMethodIds)[number];
type StoreRow = typeof stores.$inferSelect;

/**
 * What policy HTML may hold: text structure, links to web pages, mail and phone, and images from
 * https or this site. Everything else (script, style, iframes, event handlers, javascript: URLs)
 * is dropped when the owner saves, so the stored text is safe wherever it is shown. Placeholders
 * such as {companyName} are plain text to the sanitiser and pass unchanged, in text and in
 * attributes (`src="{companyLogoUrl}"` is a relative URL to it).
 */
const policyHtmlOptions: sanitizeHtml.IOptions = {
  // the rules the storefront and the back office's preview render with (contracts/policy-html.ts)
  allowedTags: [...policyHtmlRules.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(policyHtmlRules.attributesByTag).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  allowedSchemes: [...policyHtmlRules.linkSchemes],
  allowedSchemesByTag: { img: [...policyHtmlRules.imageSchemes] },
  allowProtocolRelative: false,
  nonTextTags: [...policyHtmlRules.droppedWithContent],
  disallowedTagsMode: 'discard',
};

export function sanitizePolicyHtml(html: string): string {
  return sanitizeHtml(html, policyHtmlOptions).trim();
}

const upiMethods: readonly PaymentMethodId[] = ['upi_qr', 'upi_app'];

/** The server's UPI ID when it is one the settings form accepts ('' otherwise, e.g. a test value). */
const serverVpa = (config: PaymentConfig) =>
  upiVpaSchema.safeParse(config.upi.vpa).success ? config.upi.vpa : '';

function settingsOf(row: StoreRow, config: PaymentConfig): StoreSettings {
  const policies: StoreSettings['policies'] = {};
  for (const slug of policySlugs) {
    const html = row.policies[slug];
    if (html) policies[slug] = html;
  }
  const methods = (row.paymentMethods ?? config.methods).filter((m): m is PaymentMethodId =>
    (paymentMethodIds as readonly string[]).includes(m),
  );
  return {
    storeName: row.storeName,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    companyPhone: row.companyPhone,
    companyEmail: row.companyEmail,
    description: row.description,
    companyLogoUrl: row.companyLogoUrl,
    dispatchPin: row.dispatchPin ?? '',
    deliveryZones: deliveryZonesOrDefault(row.deliveryZones),
    deliveryCharges: deliveryChargesForm(deliveryChargeRulesOfStore(row)),
    categoryImages: row.categoryImages,
    policies,
    paymentMethods: methods,
    upiVpa: row.upiVpa ?? serverVpa(config),
    upiPayeeName: row.upiPayeeName ?? config.upi.payeeName ?? '',
    gstin: row.gstin ?? '',
    gstState: row.gstState ?? '',
    codEnabled: row.codEnabled,
    codMaxRupees: paiseToRupees(row.codMaxPaise),
    codPinPrefixes: row.codPinPrefixes ?? [],
    codFeeRupees: paiseToRupees(deliveryChargeRulesOfStore(row).codFeePaise),
    codCodeAboveRupees: paiseToRupees(row.codCodeAbovePaise),
    maxOpenOrders: row.maxOpenOrders,
    maxHeldUnits: row.maxHeldUnits,
    codConfirmHours: row.codConfirmHours,
    cartReminderHours: row.cartReminderHours,
    returnWindowDays: row.returnWindowDays,
    ownerNotices: {
      newOrder: row.noticeNewOrder,
      returnRequest: row.noticeReturnRequest,
      lowStock: row.noticeLowStock,
      dailySummary: row.noticeDailySummary,
    },
  };
}

/** The methods of the settings' checkboxes: cash on delivery has its own switch (codEnabled). */
const offerableMethods = (config: PaymentConfig): PaymentMethodId[] =>
  config.methods.filter((m): m is PaymentMethodId =>
    (paymentMethodIds as readonly string[]).includes(m),
  );

async function storeRow(db: DbOrTx, storeId: string, lock = false): Promise<StoreRow> {
  const query = db.select().from(stores).where(eq(stores.id, storeId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'No such store');
  return row;
}

/** GET /admin/settings: the store's settings, and the payment methods this server can offer. */
export async function getStoreSettings(db: Db, storeId: string, config: PaymentConfig) {
  const row = await storeRow(db, storeId);
  return {
    settings: settingsOf(row, config),
    availablePaymentMethods: offerableMethods(config),
    productsWithoutWeight: await countProductsWithoutWeight(db, storeId),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const sameZones = (a: DeliveryZones, b: DeliveryZones) =>
  deliveryZoneIds.every((id) => a[id].min === b[id].min && a[id].max === b[id].max);

/**
 * PUT /admin/settings: checks what the zod schema cannot (methods this server offers, a UPI ID
 * when UPI is offered, category names; image addresses are the schema's, contracts/image-url.ts), sanitises the policies, then writes the
 * store row, the categories' images and the activity entry in one transaction. A value equal to
 * the server's own (payment methods, UPI payee) stays unset while it was unset, so the store keeps
 * following the server's configuration until the owner really chooses otherwise.
 */
export async function updateStoreSettings(
  db: Db,
  actor: Actor,
  config: PaymentConfig,
  input: StoreSettings,
) {
  const fields: Record<string, string> = {};
  const unavailable = input.paymentMethods.find((m) => !config.methods.includes(m));
  if (unavailable)
    fields.paymentMethods = `${paymentMethodLabels[unavailable]} is not available on this server`;
  const offersUpi = input.paymentMethods.some((m) => upiMethods.includes(m));
  if (offersUpi && !input.upiVpa)
    fields.upiVpa = 'Enter the UPI ID that UPI payments go to, e.g. shopname@okaxis';
  const gstinState = gstinStateProblem(input.gstin, input.gstState);
  if (gstinState) fields.gstin = gstinState;
  if (input.gstin && !input.gstState)
    fields.gstState = 'Choose the state the GSTIN is registered in';
  // the estimates' "same city" and "same state" are read off the dispatch PIN's place
  if (input.dispatchPin && !findPin(input.dispatchPin))
    fields.dispatchPin = pinNotFoundMessage(input.dispatchPin);
  const policies: Partial<Record<PolicySlug, string>> = {};
  for (const slug of policySlugs) {
    const html = input.policies[slug];
    const clean = html ? sanitizePolicyHtml(html) : '';
    if (clean) policies[slug] = clean;
  }

  const result = await db.transaction(async (tx) => {
    const row = await storeRow(tx, actor.storeId, true);
    const known = await tx
      .select({ id: categories.id, name: categories.name, imageUrl: categories.imageUrl })
      .from(categories)
      .where(eq(categories.storeId, actor.storeId));
    const byName = new Map(known.map((c) => [c.name.toLowerCase(), c]));
    const imageChanges: { id: string; imageUrl: string }[] = [];
    let defaultImage = row.categoryImages.default ?? '';
    for (const [name, url] of Object.entries(input.categoryImages)) {
      if (name === 'default') {
        defaultImage = url;
        continue;
      }
      const category = byName.get(name.toLowerCase());
      if (!category) fields[`categoryImages.${name}`] ??= `There is no category named ${name}`;
      else if (category.imageUrl !== url) imageChanges.push({ id: category.id, imageUrl: url });
    }
    if (Object.keys(fields).length > 0)
      throw new HttpError(400, 'Please correct the errors in the form', fields, 'invalid_input');

    const before = settingsOf(row, config);
    const keepUnset = <T>(
      stored: T | null,
      entered: T,
      server: T,
      same: (a: T, b: T) => boolean,
    ) => (stored === null && same(entered, server) ? null : entered);
    const now = new Date();
    const charges = deliveryChargeRulesFromForm(input.deliveryCharges, input.codFeeRupees);
    await tx
      .update(stores)
      .set({
        storeName: input.storeName,
        companyName: input.companyName,
        companyAddress: input.companyAddress,
        companyPhone: input.companyPhone,
        companyEmail: input.companyEmail,
        description: input.description,
        companyLogoUrl: input.companyLogoUrl,
        dispatchPin: normalizePin(input.dispatchPin) || null,
        // the defaults stay unset until changed, so a later change of the defaults reaches the store
        deliveryZones: keepUnset<DeliveryZones>(
          row.deliveryZones === null ? null : deliveryZonesOrDefault(row.deliveryZones),
          input.deliveryZones,
          defaultDeliveryZones,
          sameZones,
        ),
        categoryImages: { ...row.categoryImages, default: defaultImage },
        policies,
        paymentMethods: keepUnset<string[]>(
          row.paymentMethods,
          input.paymentMethods,
          config.methods,
          sameList,
        ),
        upiVpa: keepUnset(row.upiVpa, input.upiVpa, serverVpa(config), Object.is) || null,
        upiPayeeName:
          keepUnset(row.upiPayeeName, input.upiPayeeName, config.upi.payeeName ?? '', Object.is) ||
          null,
        gstin: input.gstin || null,
        gstState: input.gstState || null,
        codEnabled: input.codEnabled,
        codMaxPaise: rupeesToPaise(input.codMaxRupees),
        codPinPrefixes: input.codPinPrefixes.length > 0 ? [...new Set(input.codPinPrefixes)] : null,
        // no bands and no weight rule: null, the new store's "free everywhere"
        deliveryRates:
          charges.bands.length || charges.weight
            ? { bands: charges.bands, weight: charges.weight }
            : null,
        freeDeliveryAbovePaise: charges.freeAbovePaise,
        codFeePaise: charges.codFeePaise,
        codCodeAbovePaise: rupeesToPaise(input.codCodeAboveRupees),
        maxOpenOrders: input.maxOpenOrders,
        maxHeldUnits: input.maxHeldUnits,
        codConfirmHours: input.codConfirmHours,
        cartReminderHours: input.cartReminderHours,
        returnWindowDays: input.returnWindowDays,
        noticeNewOrder: input.ownerNotices.newOrder,
        noticeReturnRequest: input.ownerNotices.returnRequest,
        noticeLowStock: input.ownerNotices.lowStock,
        noticeDailySummary: input.ownerNotices.dailySummary,
        updatedAt: now,
      })
      .where(eq(stores.id, actor.storeId));
    for (const change of imageChanges)
      await tx
        .update(categories)
        .set({ imageUrl: change.imageUrl, updatedAt: now })
        .where(eq(categories.id, change.id));
    // the store-info record's categoryImages follow the categories table (and keep `default`)
    await syncStoreCategories(tx, actor.storeId);

    const after = settingsOf(await storeRow(tx, actor.storeId), config);
    const diff = changedFields(before, after);
    const changed = Object.keys(diff.after);
    if (changed.length > 0) {
      await recordActivity(tx, actor, {
        action: 'settings.update',
        entityType: 'settings',
        entityId: actor.storeId,
        summary: `Changed ${changed.join(', ')}`,
        before: diff.before,
        after: diff.after,
      });
    }
    return { settings: after, changed };
  });
  return {
    response: {
      settings: result.settings,
      availablePaymentMethods: offerableMethods(config),
      productsWithoutWeight: await countProductsWithoutWeight(db, actor.storeId),
    },
    changed: result.changed.length > 0,
  };
}
