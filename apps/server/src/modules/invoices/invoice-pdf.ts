// Draws a tax invoice or credit note (A4) from its snapshot, and from nothing else: the document
// shows what was true when it was issued. pdfkit lays out every line itself here (no flowing
// text), so each run of text can take the font that has its glyphs (pdf-fonts.ts).
import { formatGstRate } from '@store/contracts/gst';
import { formatPaise } from '@store/contracts/money';
import type { DocumentSnapshot, SnapshotLine, SnapshotParty } from './document-snapshot';
import { Canvas, CONTENT, documentDate, INK, MARGIN, MUTED, PAGE, type Align } from './pdf-canvas';

/** amounts in the table: 1,234.50 (the column heads say ₹) */
const amount = (paise: number) => formatPaise(paise).replace('₹', '');

interface Column {
  head: string[];
  width: number;
  align: Align;
  cell(l: SnapshotLine, index: number): string;
}

function columnsOf(s: DocumentSnapshot): Column[] {
  const tax = (head: string, pick: (l: SnapshotLine) => number, width: number): Column => ({
    head: [head, '(₹)'],
    width,
    align: 'right',
    cell: (l) => amount(pick(l)),
  });
  const taxes = s.intraState
    ? [tax('CGST', (l) => l.cgstPaise, 50), tax('SGST', (l) => l.sgstPaise, 50)]
    : [tax('IGST', (l) => l.igstPaise, 100)];
  // a Discount column only on documents with one: the taxable value is after it (rule 46(k):
  // the taxable value "taking into account discount")
  const discounted = s.lines.some((l) => (l.discountPaise ?? 0) > 0);
  const discount: Column[] = discounted
    ? [
        {
          head: ['Discount', '(₹)'],
          width: 48,
          align: 'right',
          cell: (l) => (l.discountPaise ? amount(l.discountPaise) : ''),
        },
      ]
    : [];
  const columns: Column[] = [
    { head: ['#'], width: 18, align: 'left', cell: (_l, i) => String(i + 1) },
    { head: ['Description'], width: 0, align: 'left', cell: (l) => l.description },
    { head: ['HSN'], width: discounted ? 36 : 42, align: 'left', cell: (l) => l.hsnCode },
    {
      // rule 46(h): the quantity with its unit (UQC): the catalogue sells pieces, NOS
      head: ['Qty', '(NOS)'],
      width: 26,
      align: 'right',
      cell: (l) => (l.quantity === null ? '' : String(l.quantity)),
    },
    {
      head: ['Unit price', '(₹, incl. GST)'],
      width: discounted ? 56 : 62,
      align: 'right',
      cell: (l) => (l.unitPricePaise === null ? '' : amount(l.unitPricePaise)),
    },
    ...discount,
    {
      head: ['Taxable', 'value (₹)'],
      width: 60,
      align: 'right',
      cell: (l) => amount(l.taxablePaise),
    },
    {
      head: ['GST', 'rate'],
      width: 34,
      align: 'right',
      cell: (l) => `${formatGstRate(l.rateBp)}%`,
    },
    ...taxes,
    { head: ['Total (₹)'], width: 60, align: 'right', cell: (l) => amount(l.totalPaise) },
  ];
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  columns[1]!.width = CONTENT - fixed;
  return columns;
}

function partyLines(p: SnapshotParty): string[] {
  return [
    ...p.address,
    ...(p.state ? [`State: ${p.state}${p.stateCode ? ` (code ${p.stateCode})` : ''}`] : []),
  ];
}

/** The PDF of a tax invoice or credit note, from its snapshot only. */
export async function renderDocumentPdf(s: DocumentSnapshot): Promise<Buffer> {
  const isInvoice = s.kind === 'invoice';
  // a supplier without a GSTIN may not issue a tax invoice: what it gives is a bill of supply
  const title = !isInvoice ? 'CREDIT NOTE' : s.supplier.gstin ? 'TAX INVOICE' : 'BILL OF SUPPLY';
  const c = new Canvas({
    title: `${isInvoice ? 'Tax invoice' : 'Credit note'} ${s.number}`,
    subject: `Order ${s.orderId}`,
    author: s.supplier.legalName,
    createdAt: new Date(s.issuedAt),
  });
  const left = MARGIN;
  const right = PAGE.width - MARGIN;
  const half = CONTENT / 2 - 8;

  // heading
  let y = MARGIN + 16;
  c.line(title, left, y, { size: 16, weight: 700 }, { width: CONTENT, align: 'center' });
  y += 13;
  c.line(
    isInvoice ? 'Original for recipient' : 'Issued under section 34 of the CGST Act, 2017',
    left,
    y,
    { size: 8, color: MUTED },
    { width: CONTENT, align: 'center' },
  );
  y += 10;
  c.rule(left, y, right, INK, 1);

  // supplier (left) and the document's particulars (right)
  const top = y + 16;
  let ly = top;
  c.line(s.supplier.legalName, left, ly, { size: 11, weight: 700 });
  ly += 13;
  if (s.supplier.tradeName && s.supplier.tradeName !== s.supplier.legalName) {
    c.line(`Trading as ${s.supplier.tradeName}`, left, ly, { color: MUTED });
    ly += 11;
  }
  for (const l of partyLines(s.supplier)) ly = c.paragraph(l, left, ly, half);
  c.line(`GSTIN: ${s.supplier.gstin ?? 'not registered'}`, left, ly, { weight: 700 });
  ly += 11;
  const contact = [s.supplier.email, s.supplier.phone].filter(Boolean).join('  ·  ');
  if (contact) ly = c.paragraph(contact, left, ly, half, { color: MUTED });

  const particulars: [string, string][] = [
    [isInvoice ? 'Invoice number' : 'Credit note number', s.number],
    [isInvoice ? 'Invoice date' : 'Credit note date', documentDate(s.issuedAt)],
    ...(s.against
      ? ([
          ['Against invoice', s.against.number],
          ['Invoice date', documentDate(s.against.issuedAt)],
        ] as [string, string][])
      : []),
    ['Order number', s.orderId],
    ['Order date', documentDate(s.orderDate)],
    [
      'Place of supply',
      `${s.placeOfSupply.state}${s.placeOfSupply.stateCode ? ` (${s.placeOfSupply.stateCode})` : ''}`,
    ],
    ['Reverse charge', s.reverseCharge],
    ...(s.refund?.reference
      ? ([['Refund reference', s.refund.reference]] as [string, string][])
      : []),
    ...(s.reason ? ([['Reason', s.reason]] as [string, string][]) : []),
  ];
  const px = left + CONTENT / 2 + 8;
  let ry = top;
  for (const [label, value] of particulars) {
    c.line(label, px, ry, { color: MUTED });
    c.line(value, px + 100, ry, { weight: 700 }, { width: half - 100, align: 'left' });
    ry += 12;
  }
  y = Math.max(ly, ry) + 6;
  c.rule(left, y, right);

  // recipient and delivery address
  y += 14;
  const party = (heading: string, p: SnapshotParty, x: number) => {
    let by = y;
    c.line(heading, x, by, { size: 8, weight: 700, color: MUTED });
    by += 12;
    by = c.paragraph(p.name, x, by, half, { weight: 700 }, 11);
    if (p.gstin) {
      c.line(`GSTIN: ${p.gstin}`, x, by, { weight: 700 });
      by += 11;
    }
    for (const l of partyLines(p)) by = c.paragraph(l, x, by, half);
    return by;
  };
  const billed = party(isInvoice ? 'BILL TO (RECIPIENT)' : 'RECIPIENT', s.recipient, left);
  const shipped = party('SHIP TO', s.shipTo, px);
  y = Math.max(billed, shipped) + 6;

  // the lines
  const columns = columnsOf(s);
  const head = () => {
    const rows = Math.max(...columns.map((col) => col.head.length));
    const h = rows * 10 + 8;
    c.box(left, y, CONTENT, h, '#eef1f4');
    let x = left;
    for (const col of columns) {
      col.head.forEach((text, i) =>
        c.line(
          text,
          x + 3,
          y + 11 + i * 10,
          { size: 7.5, weight: 700 },
          { width: col.width - 6, align: col.align },
        ),
      );
      x += col.width;
    }
    y += h;
  };
  head();
  s.lines.forEach((l, index) => {
    const cells = columns.map((col) => c.wrap(col.cell(l, index), col.width - 6, { size: 8 }));
    const h = Math.max(...cells.map((lines) => lines.length)) * 10 + 6;
    if (y + h > PAGE.height - 190) {
      c.doc.addPage();
      y = MARGIN;
      head();
    }
    let x = left;
    columns.forEach((col, ci) => {
      cells[ci]!.forEach((text, i) =>
        c.line(
          text,
          x + 3,
          y + 11 + i * 10,
          { size: 8 },
          { width: col.width - 6, align: col.align },
        ),
      );
      x += col.width;
    });
    y += h;
    c.rule(left, y, right);
  });

  // totals
  if (y > PAGE.height - 190) {
    c.doc.addPage();
    y = MARGIN;
  }
  y += 16;
  const discountPaise = s.totals.discountPaise ?? 0;
  const totals: [string, number | string][] = [
    ...(discountPaise > 0
      ? ([
          ['Before discount', s.totals.totalPaise + discountPaise],
          ['Discount', -discountPaise],
        ] as [string, number][])
      : []),
    // an invoice says what delivery cost, even when nothing (a charge is one of its lines too)
    ...(isInvoice && s.delivery
      ? ([['Delivery', s.delivery.paise > 0 ? s.delivery.paise : 'Free']] as [
          string,
          number | string,
        ][])
      : []),
    ...(isInvoice && s.codFee && s.codFee.paise > 0
      ? ([['Cash on delivery fee', s.codFee.paise]] as [string, number][])
      : []),
    ['Taxable value', s.totals.taxablePaise],
    ...(s.intraState
      ? ([
          ['CGST', s.totals.cgstPaise],
          ['SGST', s.totals.sgstPaise],
        ] as [string, number][])
      : ([['IGST', s.totals.igstPaise]] as [string, number][])),
  ];
  const tx = right - 220;
  for (const [label, value] of totals) {
    c.line(label, tx, y, {}, { width: 120, align: 'left' });
    const shown =
      typeof value === 'string'
        ? value
        : value < 0
          ? `-${formatPaise(-value)}`
          : formatPaise(value);
    c.line(shown, tx + 120, y, {}, { width: 100, align: 'right' });
    y += 13;
  }
  c.rule(tx, y - 8, right, INK, 0.8);
  y += 4;
  c.line(isInvoice ? 'Invoice total' : 'Total credited', tx, y, { size: 10.5, weight: 700 });
  c.line(
    formatPaise(s.totals.totalPaise),
    tx + 120,
    y,
    { size: 10.5, weight: 700 },
    { width: 100, align: 'right' },
  );
  y += 18;
  c.line('Total in words', left, y, { size: 8, weight: 700, color: MUTED });
  y += 12;
  y = c.paragraph(s.totalInWords, left, y, CONTENT, { weight: 700 });
  y += 6;
  if (isInvoice && s.discounts?.length) {
    const applied = s.discounts
      .map((d) => `${d.label} (-${formatPaise(d.amountPaise)})`)
      .join('; ');
    y = c.paragraph(`Discounts applied: ${applied}.`, left, y, CONTENT, { size: 8 });
    y += 2;
  }
  y = c.paragraph(
    isInvoice
      ? discountPaise > 0
        ? 'Prices include GST. Discounts reduce each line before tax: tax is charged on the taxable value after them; place of supply is the delivery address.'
        : 'Prices include GST. Tax is charged on the taxable value; place of supply is the delivery address.'
      : s.reason
        ? `This credit note reduces the value of invoice ${s.against?.number ?? ''} with its tax. Reason: ${s.reason}.`
        : `This credit note reduces the value of invoice ${s.against?.number ?? ''} by the amount refunded, with its tax.`,
    left,
    y,
    CONTENT,
    { size: 8, color: MUTED },
  );

  // signature
  if (y + 100 > PAGE.height - MARGIN) {
    c.doc.addPage();
    y = MARGIN;
  }
  const sy = Math.max(y + 30, PAGE.height - MARGIN - 70);
  c.line(
    `For ${s.supplier.legalName}`,
    right - 220,
    sy,
    { weight: 700 },
    { width: 220, align: 'right' },
  );
  c.rule(right - 160, sy + 34, right, INK, 0.6);
  c.line('Authorised signatory', right - 220, sy + 46, {}, { width: 220, align: 'right' });
  c.line('This is a computer-generated document.', left, sy + 46, { size: 7.5, color: MUTED });
  return c.finish();
}
