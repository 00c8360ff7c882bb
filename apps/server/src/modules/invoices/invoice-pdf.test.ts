import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { amountInWords, splitLineTax } from '@store/contracts/gst';
import { totalsOf, withLineTotal, type DocumentSnapshot } from './document-snapshot';
import { renderDocumentPdf } from './invoice-pdf';

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

function snapshotFor(recipientName: string): DocumentSnapshot {
  const lines = [
    withLineTotal({
      position: 0,
      description: 'Gel pen, blue',
      hsnCode: '9608',
      quantity: 3,
      unitPricePaise: 4999,
      rateBp: 1800,
      ...splitLineTax(14997, 1800, false),
    }),
  ];
  const totals = totalsOf(lines);
  const party = {
    name: recipientName,
    gstin: null,
    address: ['22 Park Street', 'Kolkata 700016'],
    state: 'West Bengal',
    stateCode: '19',
  };
  return {
    version: 1,
    kind: 'invoice',
    number: 'KK/26-27/000001',
    financialYear: '2026-27',
    issuedAt: '2026-11-23T10:00:00.000Z',
    orderId: 'AB12CD34',
    orderDate: '2026-11-23T09:00:00.000Z',
    supplier: {
      legalName: 'Kagaz Kalam Pvt Ltd',
      tradeName: 'Kagaz Kalam',
      name: 'Kagaz Kalam Pvt Ltd',
      gstin: '29AABCT1332L1ZZ',
      address: ['12 MG Road', 'Bengaluru 560001'],
      state: 'Karnataka',
      stateCode: '29',
      email: 'hello@example.com',
      phone: '+91 80 1234 5678',
    },
    recipient: party,
    shipTo: party,
    placeOfSupply: { state: 'West Bengal', stateCode: '19' },
    intraState: false,
    reverseCharge: 'No',
    lines,
    totals,
    totalInWords: amountInWords(totals.totalPaise),
    against: null,
    refund: null,
  };
}

describe('renderDocumentPdf', () => {
  // a buyer's name in the script of each larger Indian language prints with its own Noto font
  const names: [string, string, string][] = [
    ['Hindi', 'राजेश कुमार', 'NotoSans'],
    ['Bengali', 'রবি ঠাকুর', 'NotoSansBengali'],
    ['Tamil', 'தமிழ் செல்வி', 'NotoSansTamil'],
    ['Gujarati', 'ગુજરાતી નામ', 'NotoSansGujarati'],
    ['Punjabi (Gurmukhi)', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'NotoSansGurmukhi'],
    ['Kannada', 'ಕನ್ನಡ ಹೆಸರು', 'NotoSansKannada'],
    ['Malayalam', 'മലയാളം പേര്', 'NotoSansMalayalam'],
    ['Telugu', 'తెలుగు పేరు', 'NotoSansTelugu'],
    ['Odia', 'ଓଡ଼ିଆ ନାମ', 'NotoSansOriya'],
  ];

  it.each(names)('prints a name in %s', async (_script, name, font) => {
    // Gurmukhi and Malayalam used to throw inside fontkit (a NULL GPOS anchor)
    const pdf = await renderDocumentPdf(snapshotFor(name));
    expect(pdf.toString('latin1')).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font}-Bold`));
    expect(await pdfText(pdf)).toContain('TAX INVOICE');
  });

  it('prints the unit of quantity (UQC) with the quantity', async () => {
    const text = await pdfText(await renderDocumentPdf(snapshotFor('Asha Verma')));
    expect(text).toMatch(/Qty\s*\(NOS\)/);
  });
});
