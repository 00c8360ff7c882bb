// A4 pages drawn line by line with pdfkit, each run of text in the font that has its glyphs
// (pdf-fonts.ts): the tax invoice, the credit note and the packing slip.
import PDFDocument from 'pdfkit';
import { fontBytes, skipNullAnchors, textRuns, type FontWeight } from './pdf-fonts';

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 36;
export const CONTENT = PAGE.width - 2 * MARGIN;
export const INK = '#1f2328';
export const MUTED = '#57606a';
export const RULE = '#b8c0c8';

export interface TextStyle {
  size?: number;
  weight?: FontWeight;
  color?: string;
}

export type Align = 'left' | 'right' | 'center';

const shortDate = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** 23 Nov 2026, in India's time zone */
export function documentDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

export class Canvas {
  readonly doc: PDFKit.PDFDocument;
  private readonly registered = new Set<string>();

  constructor(info: { title: string; subject: string; author: string; createdAt: Date }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      autoFirstPage: true,
      info: {
        Title: info.title,
        Subject: info.subject,
        Author: info.author,
        Creator: info.author,
        CreationDate: info.createdAt,
        ModDate: info.createdAt,
      },
      lang: 'en-IN',
    });
  }

  private use(font: string, size: number) {
    if (!this.registered.has(font)) {
      this.doc.registerFont(font, fontBytes(font));
      this.registered.add(font);
      this.doc.font(font);
      skipNullAnchors((this.doc as unknown as { _font?: { font?: unknown } })._font?.font);
    }
    this.doc.font(font).fontSize(size);
  }

  width(text: string, style: TextStyle = {}): number {
    const size = style.size ?? 9;
    let w = 0;
    for (const run of textRuns(text, style.weight ?? 400)) {
      this.use(run.font, size);
      w += this.doc.widthOfString(run.text);
    }
    return w;
  }

  /** One line of text with its baseline at y; `width` with align right/center places it in a box. */
  line(
    text: string,
    x: number,
    y: number,
    style: TextStyle = {},
    box?: { width: number; align: Align },
  ) {
    const size = style.size ?? 9;
    let cx = x;
    if (box && box.align !== 'left') {
      const w = this.width(text, style);
      cx = box.align === 'right' ? x + box.width - w : x + (box.width - w) / 2;
    }
    this.doc.fillColor(style.color ?? INK);
    for (const run of textRuns(text, style.weight ?? 400)) {
      this.use(run.font, size);
      this.doc.text(run.text, cx, y, { lineBreak: false, baseline: 'alphabetic' });
      cx += this.doc.widthOfString(run.text);
    }
  }

  /** Greedy word wrap of text (and its own line breaks) into lines no wider than `width`. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const out: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (this.width(candidate, style) <= width || !current) {
          current = candidate;
        } else {
          out.push(current);
          current = word;
        }
        // a single word wider than the box (a long e-mail address): cut it by characters
        while (this.width(current, style) > width && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && this.width(current.slice(0, cut), style) > width) cut--;
          out.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
      if (current) out.push(current);
    }
    return out;
  }

  /** Wrapped lines from baseline y, `leading` apart; returns the baseline after the last. */
  paragraph(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle = {},
    leading = 11,
  ) {
    let by = y;
    for (const l of this.wrap(text, width, style)) {
      this.line(l, x, by, style);
      by += leading;
    }
    return by;
  }

  rule(x1: number, y: number, x2: number, color = RULE, width = 0.6) {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  box(x: number, y: number, w: number, h: number, fill: string) {
    this.doc.rect(x, y, w, h).fill(fill);
  }

  finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.doc.end();
    return done;
  }
}
