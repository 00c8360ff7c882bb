import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Money in paise: int8, because an int4 stops at ₹2.147 crore (an order of a few ₹1 crore items, a
 * month's sales, a customer's spend). Read as a JS number: the contracts cap prices and quantities
 * far below Number.MAX_SAFE_INTEGER (₹90 lakh crore); sums computed in SQL go through
 * lib/safe-number.ts instead.
 */
const paise = (name: string) => bigint(name, { mode: 'number' });

/** raw bytes (a rendered PDF); PGlite and node-postgres both hand back a Buffer/Uint8Array */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** PostgreSQL full-text document; read as its text form (only ever written by the database) */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One row per storefront. `info` is the store-information record the client shows (spec section 3). */
export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  /** Host names that resolve to this store (lower case, no port). */
  domains: text('domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isDefault: boolean('is_default').notNull().default(false),
  storeName: text('store_name').notNull(),
  companyName: text('company_name').notNull(),
  companyAddress: text('company_address').notNull(),
  companyEmail: text('company_email').notNull(),
  companyPhone: text('company_phone').notNull(),
  companyLogoUrl: text('company_logo_url').notNull().default(''),
  description: text('description').notNull().default(''),
  categories: text('categories')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  categoryImages: jsonb('category_images').$type<Record<string, string>>().notNull().default({}),
  policies: jsonb('policies').$type<Record<string, string>>().notNull().default({}),
  /** payment methods the owner offers (a subset of those the server is configured for); null: all of them */
  paymentMethods: text('payment_methods').array(),
  /** the UPI payee set in the back office; null: the server's UPI_VPA / UPI_PAYEE_NAME */
  upiVpa: text('upi_vpa'),
  upiPayeeName: text('upi_payee_name'),
  /** the store's GST registration (15 characters, checked) and the state it is registered in */
  gstin: text('gstin'),
  gstState: text('gst_state'),
  /** where parcels leave from: the delivery estimate's "same city" and "same state" */
  dispatchPin: text('dispatch_pin'),
  /** working days per delivery zone, { sameCity: { min, max }, ... }; null: the defaults */
  deliveryZones: jsonb('delivery_zones').$type<Record<string, { min: number; max: number }>>(),
  /** cash on delivery: offered up to cod_max_paise, to PINs starting with one of cod_pin_prefixes (null: all) */
  codEnabled: boolean('cod_enabled').notNull().default(true),
  codMaxPaise: paise('cod_max_paise').notNull().default(500000),
  codPinPrefixes: text('cod_pin_prefixes').array(),
  /**
   * delivery charges (docs/decisions/delivery-charges.md, contracts/delivery-charges.ts): the rate
   * table by zone and order value and the weight rule, in paise and grams (null: no rates, free
   * everywhere); free delivery from this order value (null: none); the cash-on-delivery fee
   */
  deliveryRates: jsonb('delivery_rates').$type<{ bands: unknown[]; weight: unknown }>(),
  freeDeliveryAbovePaise: paise('free_delivery_above_paise'),
  codFeePaise: paise('cod_fee_paise').notNull().default(0),
  /**
   * fair stock (docs/decisions/fair-stock.md): per shopper, at most this many orders holding stock
   * without money (Pending, or cash on delivery not yet confirmed by staff), and at most this many
   * units of one product across them; a COD order not confirmed within cod_confirm_hours expires
   */
  maxOpenOrders: integer('max_open_orders').notNull().default(3),
  maxHeldUnits: integer('max_held_units').notNull().default(20),
  codConfirmHours: integer('cod_confirm_hours').notNull().default(48),
  /**
   * a cash-on-delivery order above this value (paise; 0: none by value) must be confirmed by the
   * shopper with a one-time code before it ships (modules/orders/cod-code.service.ts), as must one
   * to a phone or PIN with parcels refused before
   */
  codCodeAbovePaise: paise('cod_code_above_paise').notNull().default(0),
  /** a signed-in shopper's cart left this many hours after its last change is e-mailed about once; 0: never */
  cartReminderHours: integer('cart_reminder_hours').notNull().default(24),
  /** days after delivery a shopper may ask to return items (modules/returns); 0: no returns */
  returnWindowDays: integer('return_window_days').notNull().default(7),
  /**
   * the owner's e-mails (docs/decisions/messages-and-owner-notices.md), each switched off here:
   * a new paid or cash-on-delivery order, a return request, stock reaching the low-stock
   * threshold, the daily summary
   */
  noticeNewOrder: boolean('notice_new_order').notNull().default(true),
  noticeReturnRequest: boolean('notice_return_request').notNull().default(true),
  noticeLowStock: boolean('notice_low_stock').notNull().default(true),
  noticeDailySummary: boolean('notice_daily_summary').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** the product's handle: stable across CSV exports and re-imports (lower case, a-z 0-9 -) */
    slug: text('slug'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imgUrl: text('img_url').notNull().default(''),
    category: text('category'),
    parentCategory: text('parent_category'),
    gender: text('gender'),
    regularPricePaise: paise('regular_price_paise').notNull(),
    discountedPricePaise: paise('discounted_price_paise'),
    /** GST: the HSN code (4–8 digits) and the rate in basis points (1800 = 18%) */
    hsnCode: text('hsn_code').notNull().default('4820'),
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    /**
     * the parcel's weight per unit in grams (null: not given, adds nothing to a weight-based
     * delivery charge), the stock-keeping unit (unique per store in any letter case) and the
     * barcode (a GTIN with its check digit): docs/decisions/delivery-charges.md
     */
    weightGrams: integer('weight_grams'),
    sku: text('sku'),
    barcode: text('barcode'),
    /** Published: shown on the storefront */
    active: boolean('active').notNull().default(true),
    /** a product that was ever ordered is archived instead of deleted: hidden everywhere but its orders */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Search and facets (drizzle/0006_search_facets.sql): kept by the database's own triggers on
    // products and product_attributes, never written by the application.
    /** the price a shopper pays: discounted when there is one */
    pricePaise: paise('price_paise').generatedAlwaysAs(
      sql`coalesce(discounted_price_paise, regular_price_paise)`,
    ),
    /** an attribute keyed featured (any case) has a value containing true */
    featured: boolean('featured').notNull().default(false),
    /** weighted: A title, B category and parent category, C attribute values, D description */
    searchDoc: tsvector('search_doc'),
    /**
     * the title alone (drizzle/0007): a search's first tier, products whose title has every word,
     * found by its own index without reading search_doc (product-listing.service.ts)
     */
    titleDoc: tsvector('title_doc').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, title)`,
    ),
    /** lower-cased 'size:a5', 'color:black', 'ruling:ruled' (size and colour keys normalised) */
    facetValues: text('facet_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The published reviews' average and count (modules/reviews), written in the transaction that
     * publishes or hides one, so a listing reads them with the product and costs nothing extra.
     */
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }),
    ratingCount: integer('rating_count').notNull().default(0),
  },
  (t) => [
    index('products_store_created_idx').on(t.storeId, t.createdAt),
    uniqueIndex('products_store_slug_uq').on(t.storeId, t.slug),
    uniqueIndex('products_store_sku_uq')
      .on(t.storeId, sql`lower(${t.sku})`)
      .where(sql`${t.sku} is not null`),
    check('products_weight_grams_ck', sql`${t.weightGrams} >= 0`),
    index('products_store_category_idx').on(t.storeId, sql`lower(${t.category})`),
    index('products_store_parent_category_idx').on(t.storeId, sql`lower(${t.parentCategory})`),
    index('products_store_price_idx').on(t.storeId, t.pricePaise),
    index('products_store_featured_idx')
      .on(t.storeId, t.createdAt)
      .where(sql`${t.featured}`),
    index('products_search_doc_idx').using('gin', t.searchDoc),
    index('products_facet_values_idx').using('gin', t.facetValues),
    index('products_title_doc_idx').using('gin', t.titleDoc),
  ],
);

/**
 * The catalogue's words (titles, categories, attribute values, descriptions), lower case, for
 * typo correction with pg_trgm: a query word not found here is replaced by its most similar word.
 */
export const productSearchWords = pgTable(
  'product_search_words',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.word] }),
    index('product_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
  ],
);

/** How a facet token ('ruling:ruled') is shown: the key and value as written, and the key's unit. */
export const productFacetLabels = pgTable(
  'product_facet_labels',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    keyLabel: text('key_label').notNull(),
    valueLabel: text('value_label').notNull(),
    metricUnit: text('metric_unit'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.token] })],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    /** an uploaded image (its renditions); null for art shipped with the demo or an outside URL */
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

export const productAttributes = pgTable(
  'product_attributes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    key: text('key').notNull(),
    values: text('values').array().notNull(),
    metricUnit: text('metric_unit'),
  },
  (t) => [index('product_attributes_product_idx').on(t.productId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** trimmed and lower-cased */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** tokens issued before this (a password reset) no longer open the account */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_store_email_uq').on(t.storeId, t.email)],
);

/**
 * A shopper's address book (/account/addresses, modules/addresses). Per customer of one store; at
 * most one default per customer (the partial unique index), and the service keeps exactly one
 * while the book has any. `match_key` is the address normalised (case, spaces, phone digits):
 * the same address saved twice, from the book or from a checkout, is one row.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'home', 'work' or none */
    label: text('label'),
    fullName: text('full_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** as the states list spells it */
    state: text('state').notNull(),
    /** six digits */
    postalCode: text('postal_code').notNull(),
    /** +91 and ten digits */
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    matchKey: text('match_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_addresses_store_user_idx').on(t.storeId, t.userId),
    uniqueIndex('customer_addresses_user_match_uq').on(t.userId, t.matchKey),
    uniqueIndex('customer_addresses_user_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('customer_addresses_label_ck', sql`${t.label} in ('home', 'work')`),
  ],
);

/**
 * A signed-in shopper's cart (modules/carts, docs/decisions/server-carts.md): one row per customer,
 * made with their first line or saved product. Every change to their cart or wishlist runs under a
 * lock of this row, so two devices changing at once are applied one after the other. A cart's
 * "round" runs from its first line (`started_at`) until it is ordered or emptied; the reminder job
 * e-mails once per round (`reminded_at`), `cart_reminder_hours` after the last change.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** grows with every change to the lines: a device can tell its copy is current */
    version: integer('version').notNull().default(0),
    /** the shopper's last change to the lines; a reminder counts from here */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /** when the cart went from empty to holding lines; null while it is empty */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** when this round's reminder was queued; null until then, and again once the round ends */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** the shopper stopped cart reminders (the e-mail's link); null: they are sent */
    remindersOffAt: timestamp('reminders_off_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_user_uq').on(t.userId),
    // the reminder job reads only carts holding lines that were not reminded of yet
    index('carts_reminder_due_idx')
      .on(t.changedAt)
      .where(
        sql`${t.startedAt} is not null and ${t.remindedAt} is null and ${t.remindersOffAt} is null`,
      ),
  ],
);

/**
 * A line of a signed-in shopper's cart: product, size and colour ('' for none) are its identity,
 * so the same line cannot be there twice. No foreign key to the product: a deleted product's line
 * stays and says it is no longer available (with the title it had), until the shopper removes it.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** the product's title when the line was saved */
    title: text('title').notNull(),
    /** the cart's order: new lines last */
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId, t.size, t.color] }),
    check('cart_lines_quantity_ck', sql`${t.quantity} between 1 and 99`),
  ],
);

/** A product a signed-in shopper saved with the heart; same rules as cart lines (no product key). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    title: text('title').notNull(),
    /** oldest first; past 100 the oldest drop off */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);
/** A discount an order got, frozen as the shopper saw it (orders.offers). */
export interface OrderOffer {
  discountId: string;
  code: string | null;
  description: string;
  kind: string;
  /** off the goods plus the delivery waived */
  amountPaise: number;
  /** of which the delivery charge waived (Free delivery) */
  deliveryPaise: number;
}

/** The GST split of a charged delivery (orders.delivery_tax), printed on the invoice as a line. */
export interface OrderDeliveryTax {
  hsnCode: string;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export const orders = pgTable(
  'orders',
  {
    /** 10 characters of Crockford base32, random */
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 0 pending, 1 processing, 2 shipped, 3 delivered, 4 cancelled */
    status: smallint('status').notNull().default(0),
    shippingFullName: text('shipping_full_name').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    /** as typed by the shopper */
    shippingPhone: text('shipping_phone').notNull(),
    /** lower-cased account email */
    contactEmail: text('contact_email').notNull(),
    /** 10 digits, no country code */
    contactPhone: text('contact_phone').notNull(),
    /**
     * what the shopper pays: subtotal − discount + delivery + COD fee (docs/decisions/promotions.md,
     * delivery-charges.md)
     */
    totalPaise: paise('total_paise').notNull(),
    /** the lines' price × quantity before discounts (tax-inclusive, as the catalogue shows them) */
    subtotalPaise: paise('subtotal_paise').notNull().default(0),
    /** off the goods: the sum of the lines' discount_paise */
    discountPaise: paise('discount_paise').notNull().default(0),
    /** charged for delivery after any Free delivery discount (0: free) */
    deliveryPaise: paise('delivery_paise').notNull().default(0),
    /** GST inside a charged delivery (charged with the goods: the principal supply's rate); null when free */
    deliveryTax: jsonb('delivery_tax').$type<OrderDeliveryTax>(),
    /** the cash-on-delivery fee, when the checkout chose cash on delivery (never waived); 0: none */
    codFeePaise: paise('cod_fee_paise').notNull().default(0),
    /** GST inside the COD fee, at the delivery charge's rate; null when there is no fee */
    codFeeTax: jsonb('cod_fee_tax').$type<OrderDeliveryTax>(),
    /** the Coupon code applied, as stored (upper case); null without one */
    couponCode: text('coupon_code'),
    /** every discount applied, as the shopper saw it at order time (the code's and automatic offers) */
    offers: jsonb('offers').$type<OrderOffer[]>().notNull().default([]),
    trackingNumber: text('tracking_number'),
    /** who carries a shipped order, e.g. 'India Post', 'Delhivery' */
    carrier: text('carrier'),
    /** why a cancelled order was cancelled: 'expired' (unpaid in time), 'operator', ... */
    cancelReason: text('cancel_reason'),
    /** where the e-mails go: the payment form's "Email for the receipt", else contact_email */
    receiptEmail: text('receipt_email'),
    /** a B2B buyer's details from the payment form, printed on the tax invoice */
    buyerGstin: text('buyer_gstin'),
    buyerName: text('buyer_name'),
    buyerAddress: text('buyer_address'),
    /** cash on delivery: 'to_collect' until the operator records the cash, then 'collected' */
    codStatus: text('cod_status'),
    /**
     * when staff confirmed a cash-on-delivery order (the order page's Confirm order, or shipping
     * it); until then it holds stock without money and expires after the store's window
     */
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    /**
     * when the shopper ticked checkout's "Send me order updates on WhatsApp/SMS"; null: no order
     * updates by message (modules/messaging, docs/decisions/messaging.md)
     */
    messagesConsentAt: timestamp('messages_consent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // the expiry sweep reads only unpaid orders, oldest first
    index('orders_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 0`),
    // the COD expiry sweep and the held-stock view read only COD orders staff have not confirmed
    index('orders_cod_unconfirmed_created_idx')
      .on(t.createdAt)
      .where(sql`${t.codStatus} = 'to_collect' and ${t.codConfirmedAt} is null`),
    // the COD check's look-up of parcels refused at the door (few rows: the PINs and phones read)
    index('orders_returned_store_idx')
      .on(t.storeId)
      .where(sql`${t.cancelReason} = 'returned'`),
  ],
);

/**
 * A cash-on-delivery order the shopper must confirm with a one-time code before it ships
 * (docs/decisions/cod-checks.md): why it was asked for, the code's hash (never the code), when it
 * lapses, the wrong tries and the sends. One row per order; a new code replaces the old.
 */
export const codCodes = pgTable('cod_codes', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  storeId: text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  /** 'value' (above the store's limit), 'phone', 'pin' (parcels refused before) */
  reasons: text('reasons').array().notNull(),
  /** the phone the code goes to, +91 and ten digits */
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** wrong codes typed against the current code */
  attempts: integer('attempts').notNull().default(0),
  /** codes sent in all (the first included) */
  sends: integer('sends').notNull().default(1),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** copied at order time */
    productTitle: text('product_title').notNull(),
    quantity: integer('quantity').notNull(),
    /** copied at order time */
    unitPricePaise: paise('unit_price_paise').notNull(),
    /** the size and colour the shopper chose, when the product has them */
    variantSize: text('variant_size'),
    variantColor: text('variant_color'),
    /** GST at order time: the line's price is tax-inclusive; taxable + cgst + sgst + igst = price × qty */
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    taxablePaise: paise('taxable_paise'),
    cgstPaise: paise('cgst_paise'),
    sgstPaise: paise('sgst_paise'),
    igstPaise: paise('igst_paise'),
    /** the line's share of the order's discounts, to the paisa; the GST above is on price × qty − this */
    discountPaise: paise('discount_paise').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Payment attempts. Logic lives in modules/payments (owned by the payments engineer). */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    /** 'created' | 'pending' | 'succeeded' | 'failed' | 'expired' */
    status: text('status').notNull().default('created'),
    providerReference: text('provider_reference'),
    method: text('method'),
    /** the provider's own word for a non-final state, e.g. PayU 'pending' (the money is being confirmed) */
    providerStatus: text('provider_status'),
    /** the UPI ID the shopper typed, kept with the attempt */
    payerVpa: text('payer_vpa'),
    /** a UPI QR stops being payable at this time */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** money was taken for an order that was already paid or cancelled: the shop owes it back */
    needsRefund: boolean('needs_refund').notNull().default(false),
    /** sum of the refunds recorded against this payment */
    refundedPaise: paise('refunded_paise').notNull().default(0),
    /** when the reconciliation job last asked the provider about this attempt */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_reference_uq').on(t.provider, t.providerReference),
    index('payments_needs_refund_idx')
      .on(t.createdAt)
      .where(sql`${t.needsRefund}`),
  ],
);

/** Provider notifications already processed: the unique key makes a replayed notification a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

/** Money returned to a payer: recorded by the operator, requested from the provider where it has an API. */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: paise('amount_paise').notNull(),
    /** the operator's reference (bank/UPI reference) or the provider's refund id */
    reference: text('reference'),
    /** 'requested' (asked of the provider) | 'succeeded' | 'failed' */
    status: text('status').notNull(),
    providerRefundId: text('provider_refund_id'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_payment_reference_uq').on(t.paymentId, t.reference),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * A shopper's return request on a delivered order (modules/returns, docs/decisions/returns.md):
 * requested -> approved or rejected; approved -> received (stock back) -> refunded. Each move is a
 * conditional UPDATE on the state it starts from, so it happens once and only forward.
 */
export const returns = pgTable(
  'returns',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' (contracts/return-rules.ts) */
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    /** the shopper's photos: their URLs (modules/media: checked by content, re-encoded) */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** the shop's: how to send the parcel back (approve), or why not (reject) */
    instructions: text('instructions'),
    rejectionReason: text('rejection_reason'),
    refundedPaise: paise('refunded_paise').notNull().default(0),
    refundId: text('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_store_status_idx').on(t.storeId, t.status, t.createdAt),
    index('returns_order_idx').on(t.orderId),
  ],
);

/** The order lines and units a return asks to send back. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: text('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A shopper's review of a product they received (modules/reviews, docs/decisions/reviews.md): one
 * per product per shopper, resting on a Delivered order line; pending until the shop publishes it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the Delivered order line that lets the shopper review the product */
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** 'pending' | 'published' | 'hidden' (contracts/review-rules.ts) */
    status: text('status').notNull().default('pending'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq').on(t.productId, t.userId),
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_store_status_idx').on(t.storeId, t.status, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_title_length', sql`char_length(${t.title}) <= 120`),
    check('reviews_text_length', sql`char_length(${t.text}) <= 2000`),
    check('reviews_status_known', sql`${t.status} in ('pending', 'published', 'hidden')`),
  ],
);

/**
 * Units on hand per product variant. A product without sizes or colours has one row with size ''
 * and color ''; one with them has a row per combination it offers. Orders take stock with a
 * conditional UPDATE (on_hand >= wanted), so the check below is a last line, never the logic.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    onHand: integer('on_hand').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size, t.color] }),
    check('stock_levels_on_hand_nonnegative', sql`${t.onHand} >= 0`),
  ],
);

/**
 * "Notify me" (modules/stock-alerts): a shopper asked to be e-mailed once when a sold-out product
 * or variant (size and colour keyed as in stock_levels, '' where none) is back. The restock that
 * claims a row (notified_at null → set, one conditional UPDATE) queues its e-mail in the same
 * transaction. One waiting row per variant and e-mail (any letter case).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_waiting_uq')
      .on(t.productId, t.size, t.color, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * Idempotency-Key records (Stripe's semantics): the first request's response, kept 24 hours, is
 * the answer to every retry with the same key and body. Written in the same transaction as the
 * order or payment it describes, so a crash leaves either both or neither.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the operation, e.g. 'POST /orders' */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the canonical request body */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * An uploaded picture. The original is never served: the server keeps WebP and AVIF renditions
 * at each of `widths` (no wider than the original) under `<id>/<width>.<format>` in the storage
 * (data folder or S3). Ids are random, so a URL names one image forever and is cached for a year.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    /** e.g. 'image/jpeg': what the upload was, by its content */
    sourceType: text('source_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_store_created_idx').on(t.storeId, t.createdAt)],
);

/**
 * The catalogue's categories. Products name theirs by `products.category` (text), so a rename
 * updates both in one transaction; the first three by position are the storefront's navigation
 * (stores.categories is kept in step for the store-info record).
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    /** the parent categories a shopper may filter this category by */
    parentCategories: text('parent_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_store_name_uq').on(t.storeId, sql`lower(${t.name})`),
    index('categories_store_position_idx').on(t.storeId, t.position),
  ],
);

/** People who run the shop: the owner (everything) and staff (no settings, no staff). */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** trimmed and lower-cased */
    email: text('email').notNull(),
    /** argon2id */
    passwordHash: text('password_hash').notNull(),
    /** 'owner' | 'staff' */
    role: text('role').notNull(),
    /** a disabled person cannot sign in, and their sessions end */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** a staff member who gets the owner's e-mails too (owners always do) */
    ownerNotices: boolean('owner_notices').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_store_email_uq').on(t.storeId, t.email)],
);

/**
 * Back-office sessions: an opaque random token given to the browser, kept here only as its
 * sha256, so a leaked table opens nothing and a sign-out or a disable ends the session at once.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * One-time tickets that open the demo outbox from the back office (docs/decisions/demo-outbox-access.md):
 * the back office holds its session in a tab, so a plain link cannot carry it. A ticket lives a
 * minute, is deleted as it is used, and goes with the session it was issued to.
 */
export const staffOutboxTickets = pgTable('staff_outbox_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  sessionTokenHash: text('session_token_hash')
    .notNull()
    .references(() => staffSessions.tokenHash, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every change made in the back office or the operator CLI: who, what, when, before and after. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** null when the change came from the command line or the system */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** the person's e-mail at the time, or 'command line' / 'system' */
    actor: text('actor').notNull(),
    /** e.g. 'product.update', 'order.ship', 'settings.update' */
    action: text('action').notNull(),
    /** 'product' | 'category' | 'order' | 'settings' | 'staff' | 'payment' | 'image' */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** a short human line, e.g. the product title or the order id */
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_store_created_idx').on(t.storeId, t.createdAt),
    index('activity_log_entity_idx').on(t.entityType, t.entityId),
  ],
);

/**
 * Tax invoices and credit notes, stored as issued: `snapshot` holds every printed field (supplier,
 * recipient, lines, totals) at the moment of issue, and `pdf` the document rendered from it once.
 * Numbers are consecutive per store, kind and financial year (document_counters).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'invoice' | 'credit_note' */
    kind: text('kind').notNull(),
    /** e.g. '2026-27' (April to March) */
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** as printed, e.g. 'KK/2026-27/000042' */
    number: text('number').notNull(),
    /** a credit note: the refund it records; null on the one for goods returned undelivered */
    refundId: text('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    totalPaise: paise('total_paise').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    pdf: bytea('pdf'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.storeId, t.kind, t.financialYear, t.sequence),
    uniqueIndex('invoices_order_invoice_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_uq').on(t.refundId),
    // a credit note with no refund records goods returned undelivered: at most one per order
    uniqueIndex('invoices_order_return_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'credit_note' and ${t.refundId} is null`),
    index('invoices_order_idx').on(t.orderId),
  ],
);

/** The last number issued per store, document kind and financial year (taken FOR UPDATE: no gaps). */
export const documentCounters = pgTable(
  'document_counters',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind, t.financialYear] })],
);

/** A password-reset link: single use, 30 minutes; only the sha256 of the token is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_uq').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * E-mails to send (a transactional outbox): a row is written in the same transaction as the
 * change it tells of, and `dedupe_key` (e.g. 'order:AB12:paid') makes it one e-mail per order and
 * event. The mail job claims due rows, sends, and marks them sent; a failure is retried later.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** 'order_placed' | 'payment_received' | 'shipped' | 'delivered' | 'cancelled' | 'refund' | 'return_approved' | 'return_rejected' | 'password_reset' | 'cart_reminder' | 'back_in_stock' */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    /** what the template needs beyond the database (e.g. the reset link) */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** 'pending' | 'sending' | 'sent' | 'failed' (gave up) | 'skipped' (no longer due: a reminder of a cart ordered since) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    subject: text('subject'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_uq').on(t.dedupeKey),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/**
 * WhatsApp and SMS messages (modules/messaging, docs/decisions/messaging.md): a transactional
 * outbox like email_outbox, sent by the messages job through the configured provider.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** MessageKind: 'order_placed' | 'order_shipped' | 'out_for_delivery' | 'order_delivered' | 'refund_issued' | 'cod_otp' */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** E.164, e.g. +919876543210 */
    toPhone: text('to_phone').notNull(),
    /** what the template's parameters need beyond the database (e.g. the tracking link, the OTP) */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** the shopper opted in (checkout's box): WhatsApp may carry it; without, SMS only */
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    /** 'whatsapp' | 'sms': the channel it went (or is going) by; null until first tried */
    channel: text('channel'),
    /** 'pending' | 'sending' | 'sent' | 'failed' (gave up) | 'skipped' (no provider in live mode) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** the provider's id (WhatsApp's wamid, MSG91's request id); demo:<id> in the demo */
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_outbox_dedupe_uq').on(t.dedupeKey),
    index('message_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('message_outbox_store_created_idx').on(t.storeId, t.createdAt),
  ],
);

/**
 * Discounts (docs/decisions/promotions.md): a Coupon code (code set, upper case, unique per store)
 * or an automatic offer (code null). Never deleted once made: orders refer to them; deactivated.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code'),
    /** shown to shoppers when set; else its rule in words */
    name: text('name').notNull().default(''),
    /** 'percentage' | 'fixed' | 'free_delivery' | 'buy_x_get_y' */
    kind: text('kind').notNull(),
    /** percentage, and buy X get Y (off the free units: 10000 = free): basis points */
    percentBp: integer('percent_bp'),
    /** fixed amount: paise */
    amountPaise: paise('amount_paise'),
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    /** 'all' | 'categories' | 'products' */
    appliesTo: text('applies_to').notNull().default('all'),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** the order's subtotal (before discounts) must reach this; 0: no minimum */
    minOrderPaise: paise('min_order_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** uses in all (orders not cancelled); null: no limit */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // codes are stored normalised (upper case, no spaces); automatic offers (null) never clash
    uniqueIndex('discounts_store_code_uq').on(t.storeId, t.code),
    index('discounts_store_automatic_idx')
      .on(t.storeId)
      .where(sql`${t.code} is null and ${t.active}`),
    check(
      'discounts_kind_ck',
      sql`${t.kind} in ('percentage', 'fixed', 'free_delivery', 'buy_x_get_y')`,
    ),
    check('discounts_applies_to_ck', sql`${t.appliesTo} in ('all', 'categories', 'products')`),
    check(
      'discounts_percent_ck',
      sql`${t.percentBp} is null or ${t.percentBp} between 1 and 10000`,
    ),
    check('discounts_amount_ck', sql`${t.amountPaise} is null or ${t.amountPaise} > 0`),
    check(
      'discounts_limits_ck',
      sql`(${t.usageLimit} is null or ${t.usageLimit} >= 1) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
  ],
);

/**
 * One row per discount an order used, written in the order's transaction. A discount's uses are
 * its rows whose order is not Cancelled: an order that expires unpaid, or is cancelled, gives its
 * use back without any write (docs/decisions/promotions.md).
 */
export const discountUses = pgTable(
  'discount_uses',
  {
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'restrict' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** what it saved on the order: off the goods plus the delivery waived */
    amountPaise: paise('amount_paise').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.discountId, t.orderId] }),
    index('discount_uses_discount_user_idx').on(t.discountId, t.userId),
    index('discount_uses_order_idx').on(t.orderId),
  ],
);

/**
 * The contact form's messages (docs/decisions/messages-and-owner-notices.md): kept for the back
 * office's Messages inbox, and e-mailed to the owner. Read by whoever in the back office opens it.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_store_created_idx').on(t.storeId, t.createdAt)],
);

/**
 * Newsletter sign-ups, one per store and address (lower case): consent when the form was sent,
 * confirmed when the e-mailed link was followed (double opt-in); only confirmed, not unsubscribed
 * addresses are listed and exported. A new sign-up after unsubscribing asks for consent again.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_store_email_uq').on(t.storeId, t.email)],
);

/**
 * An order's parcel booked with a courier's API (modules/shipping/couriers, issue 28 item 3): one
 * per order. Each step's result is stored as it comes (the courier's order and shipment, the AWB,
 * the pickup, the label), so a booking that failed half-way continues from there on the next Book
 * shipment instead of booking twice (docs/decisions/shiprocket.md). `status` only moves forward
 * (modules/shipping/shipment-tracking.service.ts): a replayed or older tracking event changes
 * nothing.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** the courier integration's id, e.g. 'shiprocket' */
    courier: text('courier').notNull(),
    /** the courier's ids of the order and the shipment it made of ours */
    courierOrderId: text('courier_order_id'),
    courierShipmentId: text('courier_shipment_id'),
    /** the air waybill: the tracking number; set once assigned */
    awb: text('awb'),
    /** who carries it, as the courier names it ('Delhivery Surface') */
    courierName: text('courier_name'),
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    /** when the courier expects to collect it, as it said */
    pickupScheduledFor: text('pickup_scheduled_for'),
    labelPdf: bytea('label_pdf'),
    /**
     * where the parcel is, from the courier's tracking: 'awaiting_pickup', 'shipped',
     * 'out_for_delivery', 'rto_initiated', then 'delivered' or 'rto_delivered' (forward only).
     * The booking is complete once the AWB, the pickup and the label are all stored.
     */
    status: text('status').notNull().default('awaiting_pickup'),
    /** the courier's own words for the last tracking event applied, and when it happened */
    lastEventStatus: text('last_event_status'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** set while a Book shipment runs: a second click meanwhile is refused, a crashed one expires */
    bookingStartedAt: timestamp('booking_started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_uq').on(t.orderId),
    uniqueIndex('shipments_awb_uq').on(t.awb),
  ],
);
