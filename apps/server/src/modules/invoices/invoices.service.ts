// Tax invoices and credit notes (docs/decisions/gst-invoices.md). Issued inside the transaction of
// the change they record (payment, COD dispatch, refund), numbered from a counter row locked in
// that transaction, and stored as a snapshot; the PDF is drawn from the snapshot once and kept.
// This module imports no other module: orders and payments call it.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  amountInWords,
  financialYearOf,
  gstStateCodeOf,
  gstStateOfGstin,
  isIntraState,
  splitLineTax,
  type LineTax,
} from '@store/contracts/gst';
import { orderStatus } from '@store/contracts/order-rules';
import type { OrderDocument } from '@store/contracts/orders';
import type { DbOrTx } from '../../db/client';
import {
  documentCounters,
  invoices,
  orderItems,
  orders,
  payments,
  products,
  refunds,
  stores,
} from '../../db/schema';
import {
  creditLines,
  totalsOf,
  withLineTotal,
  type DocumentKind,
  type DocumentSnapshot,
  type SnapshotLine,
} from './document-snapshot';
import { renderDocumentPdf } from './invoice-pdf';

export interface IssuedDocument {
  id: string;
  kind: DocumentKind;
  number: string;
  totalPaise: number;
  issuedAt: Date;
  /** false when the order (or refund) already had its document: nothing was issued now */
  created: boolean;
}

/** What a product line falls back to when an order predates GST on its lines (schema defaults). */
const FALLBACK_HSN = '4820';
const FALLBACK_RATE_BP = 1800;

/**
 * The series prefix: the initials of the store's name (two letters; its id when the name has
 * none). Rule 46 allows 16 characters: 'KK/26-27/000001' is 15, a credit note's 'KKC/…' 16.
 */
export function seriesPrefix(store: { id: string; storeName: string }, kind: DocumentKind): string {
  const words = store.storeName.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  let base = words.map((w) => w[0]).join('');
  if (base.length < 2)
    base = (words.join('') || store.id.toUpperCase().replace(/[^A-Z0-9]/g, '')) + 'X';
  base = base.slice(0, 2);
  return kind === 'credit_note' ? `${base}C` : base;
}

/** '2026-27' → '26-27', the financial year as the number prints it */
const shortYear = (fy: string) => fy.slice(2);

export function documentNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${shortYear(financialYear)}/${String(sequence).padStart(6, '0')}`;
}

/**
 * The next number of a series. The counter row stays locked (the upsert's row lock) until the
 * caller's transaction ends: a concurrent issue waits, and a rollback gives the number back, so
 * numbers are consecutive with no gaps and never shared.
 */
async function nextSequence(
  tx: DbOrTx,
  storeId: string,
  kind: DocumentKind,
  financialYear: string,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ storeId, kind, financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.storeId, documentCounters.kind, documentCounters.financialYear],
      set: { lastSequence: sql`${documentCounters.lastSequence} + 1` },
    })
    .returning({ sequence: documentCounters.lastSequence });
  return row!.sequence;
}

const asIssued = (row: typeof invoices.$inferSelect, created: boolean): IssuedDocument => ({
  id: row.id,
  kind: row.kind as DocumentKind,
  number: row.number,
  totalPaise: row.totalPaise,
  issuedAt: row.issuedAt,
  created,
});

async function insertDocument(
  tx: DbOrTx,
  input: {
    storeId: string;
    orderId: string;
    kind: DocumentKind;
    refundId: string | null;
    prefix: string;
    now: Date;
    build(number: string, financialYear: string): DocumentSnapshot;
  },
): Promise<IssuedDocument> {
  const financialYear = financialYearOf(input.now);
  const sequence = await nextSequence(tx, input.storeId, input.kind, financialYear);
  const number = documentNumber(input.prefix, financialYear, sequence);
  const snapshot = input.build(number, financialYear);
  const [row] = await tx
    .insert(invoices)
    .values({
      storeId: input.storeId,
      orderId: input.orderId,
      kind: input.kind,
      financialYear,
      sequence,
      number,
      refundId: input.refundId,
      totalPaise: snapshot.totals.totalPaise,
      snapshot,
      issuedAt: input.now,
    })
    .returning();
  return asIssued(row!, true);
}

const splitAddress = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The order's tax invoice, issued now unless it has one (then that one, `created: false`). Call it
 * in the transaction that makes the order paid (markOrderPaid) or, for cash on delivery, ships it.
 * The order row is locked first, so two concurrent calls for one order issue one invoice.
 */
export async function issueInvoice(
  tx: DbOrTx,
  input: { orderId: string; now?: Date },
): Promise<IssuedDocument> {
  const now = input.now ?? new Date();
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
  if (!order) throw new Error(`Order ${input.orderId} not found`);
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
  if (existing) return asIssued(existing, false);

  const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
  if (!store) throw new Error(`Store ${order.storeId} not found`);
  const items = await tx
    .select({
      item: orderItems,
      productHsn: products.hsnCode,
      productRate: products.gstRateBp,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));

  const supplierState =
    store.gstState ?? (store.gstin ? gstStateOfGstin(store.gstin) : null) ?? null;
  // the lines' tax was split when the order was placed: CGST + SGST or IGST as stored decides, so
  // the printed columns match the amounts even if the store's GST state changed since; lines with
  // no tax stored (nil-rated, or placed before GST was recorded) fall back to the rule now
  const stored = items.map(({ item }) => item);
  const intraState = stored.some((i) => (i.cgstPaise ?? 0) + (i.sgstPaise ?? 0) > 0)
    ? true
    : stored.some((i) => (i.igstPaise ?? 0) > 0)
      ? false
      : supplierState !== null && isIntraState(supplierState, order.shippingState);
  const lines: SnapshotLine[] = items.map(({ item, productHsn, productRate }) => {
    // an unregistered store (no GSTIN) charges no GST, as createOrder stores it
    const rateBp = item.gstRateBp ?? (store.gstin ? (productRate ?? FALLBACK_RATE_BP) : 0);
    // GST is on what the buyer pays for the line: its price less its share of the discounts
    const net = item.unitPricePaise * item.quantity - item.discountPaise;
    // lines placed before GST was stored on them are split now, with the same rule
    const tax: LineTax =
      item.taxablePaise === null
        ? splitLineTax(net, rateBp, intraState)
        : {
            taxablePaise: item.taxablePaise,
            cgstPaise: item.cgstPaise ?? 0,
            sgstPaise: item.sgstPaise ?? 0,
            igstPaise: item.igstPaise ?? 0,
          };
    const variant = [
      item.variantSize ? `Size ${item.variantSize}` : null,
      item.variantColor ? `Colour ${item.variantColor}` : null,
    ].filter(Boolean);
    return withLineTotal({
      position: item.position,
      description: variant.length
        ? `${item.productTitle} (${variant.join(', ')})`
        : item.productTitle,
      hsnCode: item.hsnCode ?? productHsn ?? FALLBACK_HSN,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      rateBp,
      ...tax,
      ...(item.discountPaise > 0 ? { discountPaise: item.discountPaise } : {}),
    });
  });
  // a delivery charge and a cash-on-delivery fee are supplied with the goods: one more line
  // each, at the rate and split createOrder (or the payment page's cash on delivery) stored
  const charges = [
    { description: 'Delivery charges', paise: order.deliveryPaise, tax: order.deliveryTax },
    { description: 'Cash on delivery fee', paise: order.codFeePaise, tax: order.codFeeTax },
  ];
  for (const { description, paise, tax } of charges) {
    if (paise <= 0 || !tax) continue;
    lines.push(
      withLineTotal({
        position: Math.max(-1, ...lines.map((l) => l.position)) + 1,
        description,
        hsnCode: tax.hsnCode,
        quantity: 1,
        unitPricePaise: paise,
        rateBp: tax.rateBp,
        taxablePaise: tax.taxablePaise,
        cgstPaise: tax.cgstPaise,
        sgstPaise: tax.sgstPaise,
        igstPaise: tax.igstPaise,
      }),
    );
  }
  const totals = totalsOf(lines);
  const discounts = order.offers
    .filter((o) => o.amountPaise - o.deliveryPaise > 0)
    .map((o) => ({
      label: o.code ? `${o.code}: ${o.description}` : o.description,
      amountPaise: o.amountPaise - o.deliveryPaise,
    }));
  const placeOfSupply = {
    state: order.shippingState,
    stateCode: gstStateCodeOf(order.shippingState),
  };
  const shipTo = {
    name: order.shippingFullName,
    gstin: null,
    address: [
      ...splitAddress(order.shippingAddress),
      `${order.shippingCity} ${order.shippingPostalCode}`,
    ],
    ...placeOfSupply,
  };
  const buyerState = order.buyerGstin ? gstStateOfGstin(order.buyerGstin) : null;
  const recipient = order.buyerName?.trim()
    ? {
        name: order.buyerName.trim(),
        gstin: order.buyerGstin,
        address: order.buyerAddress?.trim() ? splitAddress(order.buyerAddress) : shipTo.address,
        state: buyerState ?? order.shippingState,
        stateCode: gstStateCodeOf(buyerState ?? order.shippingState),
      }
    : { ...shipTo, gstin: order.buyerGstin };

  return insertDocument(tx, {
    storeId: store.id,
    orderId: order.id,
    kind: 'invoice',
    refundId: null,
    prefix: seriesPrefix(store, 'invoice'),
    now,
    build: (number, financialYear) => ({
      version: 1,
      kind: 'invoice',
      number,
      financialYear,
      issuedAt: now.toISOString(),
      orderId: order.id,
      orderDate: order.createdAt.toISOString(),
      supplier: {
        legalName: store.companyName,
        tradeName: store.storeName,
        name: store.companyName,
        gstin: store.gstin,
        address: splitAddress(store.companyAddress),
        state: supplierState,
        stateCode: supplierState ? gstStateCodeOf(supplierState) : null,
        email: store.companyEmail,
        phone: store.companyPhone,
      },
      recipient,
      shipTo,
      placeOfSupply,
      intraState,
      reverseCharge: 'No',
      lines,
      totals,
      ...(discounts.length ? { discounts } : {}),
      delivery: { paise: order.deliveryPaise },
      ...(order.codFeePaise > 0 ? { codFee: { paise: order.codFeePaise } } : {}),
      totalInWords: amountInWords(totals.totalPaise),
      against: null,
      refund: null,
    }),
  });
}

/** Why a credit note records no refund, and what it prints as its reason. */
export const creditNoteReasons = { returned: 'Goods returned undelivered' } as const;
export type CreditNoteReason = keyof typeof creditNoteReasons;

export type CreditNoteInput =
  /** a settled refund: the money given back, against the order's invoice */
  | { refundId: string; now?: Date }
  /**
   * no money moved: the goods came back (a cash-on-delivery parcel refused at the door, the order
   * Cancelled with cancel_reason 'returned'); the invoice's whole value still uncredited
   */
  | { orderId: string; reason: CreditNoteReason; now?: Date };

/**
 * A credit note against the order's invoice, null when there is nothing to credit.
 *
 * Of a settled refund (status 'succeeded'): null when the order has no invoice (it was never paid,
 * e.g. a payment that arrived after the order expired), the refunded payment is not the one that
 * paid the order (a duplicate or second payment: money given back, no supply reversed), or earlier
 * credit notes already returned the invoice's whole value. One per refund (invoices_refund_uq).
 *
 * Of goods returned undelivered (`{ orderId, reason: 'returned' }`): everything the invoice still
 * carries, in the transaction that cancels the order; null when it has no invoice or nothing is
 * left to credit. One per order (invoices_order_return_uq): a second call answers the first.
 *
 * Either way refunds and returns together never credit more than the invoice.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  input: CreditNoteInput,
): Promise<IssuedDocument | null> {
  if ('orderId' in input) return issueReturnCreditNote(tx, input);
  const now = input.now ?? new Date();
  const [found] = await tx
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, input.refundId));
  if (!found || found.refund.status !== 'succeeded') return null;
  const { refund, payment } = found;
  const [order] = await tx
    .select({ id: orders.id, storeId: orders.storeId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, refund.orderId))
    .for('update');
  if (!order) return null;
  const [existing] = await tx.select().from(invoices).where(eq(invoices.refundId, refund.id));
  if (existing) return asIssued(existing, false);

  // a payment that did not pay the order: recorded as a duplicate or a wrong amount, or flagged
  // as owed back at once while the order went on (it was already paid); an operator's cancel also
  // flags the paying payment, but then the order is Cancelled and its supply is reversed
  const notThePayment =
    payment.providerStatus === 'duplicate' ||
    payment.providerStatus === 'amount_mismatch' ||
    (payment.needsRefund && order.status !== orderStatus.cancelled);
  if (notThePayment) return null;

  return creditAgainstInvoice(tx, order, {
    amountPaise: refund.amountPaise,
    refund: { id: refund.id, reference: refund.reference },
    reason: null,
    now,
  });
}

async function issueReturnCreditNote(
  tx: DbOrTx,
  input: { orderId: string; reason: CreditNoteReason; now?: Date },
): Promise<IssuedDocument | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      storeId: orders.storeId,
      status: orders.status,
      cancelReason: orders.cancelReason,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for('update');
  if (!order) return null;
  if (order.status !== orderStatus.cancelled || order.cancelReason !== input.reason)
    throw new Error(`Order ${order.id} was not cancelled as ${input.reason}: no credit note`);
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, order.id),
        eq(invoices.kind, 'credit_note'),
        isNull(invoices.refundId),
      ),
    );
  if (existing) return asIssued(existing, false);
  return creditAgainstInvoice(tx, order, {
    amountPaise: null,
    refund: null,
    reason: creditNoteReasons[input.reason],
    now: input.now ?? new Date(),
  });
}

/**
 * Writes a credit note of `amountPaise` (null: all that is left) against the order's invoice,
 * capped by what earlier credit notes left of it; null when there is no invoice or nothing left.
 * The caller holds the order row locked.
 */
async function creditAgainstInvoice(
  tx: DbOrTx,
  order: { id: string; storeId: string },
  credit: {
    amountPaise: number | null;
    refund: DocumentSnapshot['refund'];
    reason: string | null;
    now: Date;
  },
): Promise<IssuedDocument | null> {
  const { now } = credit;
  const docs = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, order.id))
    .orderBy(asc(invoices.issuedAt));
  const invoice = docs.find((d) => d.kind === 'invoice');
  if (!invoice) return null;
  const invoiceSnapshot = invoice.snapshot as DocumentSnapshot;
  const credited = new Map<number, LineTax>();
  let creditedTotal = 0;
  for (const d of docs) {
    if (d.kind !== 'credit_note') continue;
    creditedTotal += d.totalPaise;
    for (const l of (d.snapshot as DocumentSnapshot).lines) {
      const sum = credited.get(l.position);
      credited.set(l.position, {
        taxablePaise: (sum?.taxablePaise ?? 0) + l.taxablePaise,
        cgstPaise: (sum?.cgstPaise ?? 0) + l.cgstPaise,
        sgstPaise: (sum?.sgstPaise ?? 0) + l.sgstPaise,
        igstPaise: (sum?.igstPaise ?? 0) + l.igstPaise,
      });
    }
  }
  const left = invoice.totalPaise - creditedTotal;
  const amountPaise = credit.amountPaise === null ? left : Math.min(credit.amountPaise, left);
  if (amountPaise <= 0) return null;
  const lines = creditLines(
    invoiceSnapshot.lines,
    credited,
    amountPaise,
    invoiceSnapshot.intraState,
  );
  const totals = totalsOf(lines);
  const [store] = await tx
    .select({ id: stores.id, storeName: stores.storeName })
    .from(stores)
    .where(eq(stores.id, order.storeId));

  return insertDocument(tx, {
    storeId: order.storeId,
    orderId: order.id,
    kind: 'credit_note',
    refundId: credit.refund?.id ?? null,
    prefix: seriesPrefix(store ?? { id: order.storeId, storeName: '' }, 'credit_note'),
    now,
    build: (number, financialYear) => ({
      // the invoice's parties and place of supply; its discounts and delivery are the invoice's
      // story, and the credited lines carry what they return
      ...withoutInvoiceExtras(invoiceSnapshot),
      kind: 'credit_note',
      number,
      financialYear,
      issuedAt: now.toISOString(),
      lines,
      totals,
      totalInWords: amountInWords(totals.totalPaise),
      against: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
      refund: credit.refund,
      ...(credit.reason ? { reason: credit.reason } : {}),
    }),
  });
}

function withoutInvoiceExtras(snapshot: DocumentSnapshot): DocumentSnapshot {
  const { discounts: _discounts, delivery: _delivery, codFee: _codFee, ...rest } = snapshot;
  return rest;
}

/** The documents of some orders, oldest first, for the order responses. */
export async function documentsOfOrders(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, OrderDocument[]>> {
  const out = new Map<string, OrderDocument[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalPaise: invoices.totalPaise,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.sequence));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      kind: r.kind as OrderDocument['kind'],
      number: r.number,
      issuedAt: r.issuedAt.toISOString(),
      totalPaise: r.totalPaise,
    });
    out.set(r.orderId, list);
  }
  return out;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A document's PDF and the file name to save it as; null when the order (of this store) has no
 * such document. Drawn from the snapshot on the first request and stored: every later download
 * gets the same bytes, whatever changed since.
 */
export async function documentPdf(
  db: DbOrTx,
  where: { storeId: string; orderId: string; documentId: string },
): Promise<{ fileName: string; pdf: Uint8Array } | null> {
  if (!uuidPattern.test(where.documentId)) return null;
  const match = and(
    eq(invoices.id, where.documentId),
    eq(invoices.orderId, where.orderId),
    eq(invoices.storeId, where.storeId),
  );
  const [row] = await db
    .select({ number: invoices.number, snapshot: invoices.snapshot, pdf: invoices.pdf })
    .from(invoices)
    .where(match);
  if (!row) return null;
  const fileName = `${row.number.replace(/\//g, '-')}.pdf`;
  if (row.pdf) return { fileName, pdf: row.pdf };
  const rendered = await renderDocumentPdf(row.snapshot as DocumentSnapshot);
  // two first downloads at once: the first stored copy wins and both answer with it
  const [stored] = await db
    .update(invoices)
    .set({ pdf: rendered })
    .where(and(match, isNull(invoices.pdf)))
    .returning({ pdf: invoices.pdf });
  if (stored?.pdf) return { fileName, pdf: stored.pdf };
  const [again] = await db.select({ pdf: invoices.pdf }).from(invoices).where(match);
  return { fileName, pdf: again?.pdf ?? rendered };
}
