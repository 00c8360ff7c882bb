// The fonts a tax invoice is drawn with: Noto Sans from npm (@fontsource), whose subsets together
// cover Latin, the rupee sign (U+20B9, in latin-ext and the Indic subsets), Devanagari, Cyrillic,
// Greek and Vietnamese, plus the Noto Sans of Bengali, Tamil, Gujarati, Gurmukhi, Kannada, Malayalam,
// Telugu and Odia (`indic` below). A buyer's name or address in
// any of them prints as typed: text is cut into runs, each drawn with a font that has its glyphs
// (fontkit shapes the Indic conjuncts and vowel signs), and pdfkit embeds only the glyphs used.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type FontWeight = 400 | 700;

interface Face {
  key: string;
  ranges: [number, number][];
  file(weight: FontWeight): string;
}

function parseRanges(unicodeRange: string): [number, number][] {
  return unicodeRange.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from!, 16);
    return [start, to === undefined ? start : parseInt(to, 16)];
  });
}

function subsetsOf(pkg: string): Record<string, string> {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<
    string,
    string
  >;
}

/** Which file and code points each face has, in the order a character looks for its font. */
function loadFaces(): Face[] {
  const noto = subsetsOf('@fontsource/noto-sans');
  const order = ['latin', 'latin-ext', 'devanagari', 'cyrillic', 'cyrillic-ext', 'greek'];
  const notoFaces = [...order, ...Object.keys(noto).filter((s) => !order.includes(s))]
    .filter((s) => noto[s])
    .map<Face>((subset) => ({
      key: `noto-${subset}`,
      ranges: parseRanges(noto[subset]!),
      file: (w) => `@fontsource/noto-sans/files/noto-sans-${subset}-${w}-normal.woff`,
    }));
  const script = (family: string, subset: string): Face => ({
    key: `${family}-${subset}`,
    ranges: parseRanges(subsetsOf(`@fontsource/${family}`)[subset]!),
    file: (w) => `@fontsource/${family}/files/${family}-${subset}-${w}-normal.woff`,
  });
  // the scripts of India's larger languages beyond Devanagari: Bengali (and Assamese), Tamil,
  // Gujarati, Gurmukhi (Punjabi), Kannada, Malayalam, Telugu and Odia
  const indic = [
    ['noto-sans-bengali', 'bengali'],
    ['noto-sans-tamil', 'tamil'],
    ['noto-sans-gujarati', 'gujarati'],
    ['noto-sans-gurmukhi', 'gurmukhi'],
    ['noto-sans-kannada', 'kannada'],
    ['noto-sans-malayalam', 'malayalam'],
    ['noto-sans-telugu', 'telugu'],
    ['noto-sans-oriya', 'oriya'],
  ] as const;
  return [...notoFaces, ...indic.map(([family, subset]) => script(family, subset))];
}

let faces: Face[] | null = null;
const fileCache = new Map<string, Buffer>();

function allFaces(): Face[] {
  faces ??= loadFaces();
  return faces;
}

const covers = (face: Face, cp: number) => face.ranges.some(([a, b]) => cp >= a && cp <= b);

export interface TextRun {
  /** the pdfkit font name: `<face>-<weight>` */
  font: string;
  text: string;
}

/**
 * Cuts text into runs of one font each. A character that the current run's font also has (a
 * space between Devanagari words is not one; a danda or ZWJ is) stays in the run, so a word is
 * shaped as one piece; anything no font has goes to Latin (drawn as the missing-glyph box).
 */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const list = allFaces();
  const runs: { face: Face; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const current = runs.at(-1);
    if (current && covers(current.face, cp)) {
      current.text += ch;
      continue;
    }
    const face = list.find((f) => covers(f, cp)) ?? list[0]!;
    if (current && current.face === face) current.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs.map((r) => ({ font: `${r.face.key}-${weight}`, text: r.text }));
}

/** The bytes of a font named by textRuns, read once per process. */
export function fontBytes(font: string): Buffer {
  const cached = fileCache.get(font);
  if (cached) return cached;
  const cut = font.lastIndexOf('-');
  const key = font.slice(0, cut);
  const weight = Number(font.slice(cut + 1)) as FontWeight;
  const face = allFaces().find((f) => f.key === key);
  if (!face) throw new Error(`unknown font ${font}`);
  const bytes = readFileSync(require.resolve(face.file(weight)));
  fileCache.set(font, bytes);
  return bytes;
}

interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: unknown } | null, baseAnchor: unknown, base: number): void;
}
const guarded = new WeakSet<object>();

/**
 * fontkit 2.0.4 throws "Cannot read properties of null (reading 'xCoordinate')" on a GPOS mark
 * lookup whose anchor is NULL, which OpenType allows (no anchor for that class) and Noto Sans
 * Gurmukhi and Malayalam have: a Punjabi or Malayalam name would make the invoice unprintable.
 * Skip such an attachment as HarfBuzz does (foliojs/fontkit#367, fix proposed in #374). Takes
 * the fontkit font of a pdfkit font and patches its GPOS processor's class once.
 */
export function skipNullAnchors(fontkitFont: unknown): void {
  const layout = (fontkitFont as { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } })
    ?._layoutEngine;
  const gpos = layout?.engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as GposProcessor;
  if (guarded.has(proto) || typeof proto.applyAnchor !== 'function') return;
  const applyAnchor = proto.applyAnchor;
  proto.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, base) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, base);
  };
  guarded.add(proto);
}
