// Draws the demo catalogue's art as SVG files under public/images (committed; re-run after
// changing the catalogue): `npx tsx scripts/draw-images.ts` from apps/server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  categorySlug,
  seedCategories,
  seedProducts,
  type ArtKind,
} from '../src/db/seed-data/catalogue';

const out = join(import.meta.dirname, '../public/images');
const W = 600;
const H = 600;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** `amount` of `hex` over `base` (0: base, 1: hex): product backdrops are the shop's paper tinted. */
function mix(base: string, hex: string, amount: number): string {
  const a = Number.parseInt(base.slice(1), 16);
  const b = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((a >> shift) & 255) * (1 - amount) + ((b >> shift) & 255) * amount);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
}

/** The storefront's cream (--background) and card white. */
const PAPER = '#f7f1e6';
const CARD = '#fffdf9';

function art(kind: ArtKind, main: string, accent: string): string {
  const dark = shade(main, -0.18);
  switch (kind) {
    case 'notebook':
      return `<rect x="170" y="120" width="270" height="360" rx="14" fill="${main}"/>
<rect x="170" y="120" width="34" height="360" rx="10" fill="${dark}"/>
${Array.from({ length: 11 }, (_, i) => `<circle cx="187" cy="${150 + i * 30}" r="7" fill="#f5f5f5" stroke="#9e9e9e" stroke-width="2"/>`).join('')}
<rect x="240" y="190" width="160" height="56" rx="6" fill="${accent}" opacity="0.92"/>
<rect x="258" y="208" width="110" height="6" rx="3" fill="${dark}"/><rect x="258" y="224" width="80" height="6" rx="3" fill="${dark}"/>`;
    case 'diary':
      return `<rect x="175" y="110" width="260" height="380" rx="18" fill="${main}"/>
<rect x="410" y="110" width="25" height="380" fill="${dark}"/>
<rect x="190" y="125" width="230" height="350" rx="12" fill="none" stroke="${accent}" stroke-width="3" stroke-dasharray="8 6"/>
<path d="M380 110 v170 l18 -16 l18 16 v-170z" fill="${accent}"/>
<circle cx="290" cy="300" r="46" fill="none" stroke="${accent}" stroke-width="4"/>
<path d="M270 300 q20 -40 40 0 q-20 40 -40 0z" fill="${accent}"/>`;
    case 'magazine':
      return `<rect x="160" y="100" width="280" height="400" rx="6" fill="${accent}"/>
<rect x="160" y="100" width="280" height="90" fill="${main}"/>
<rect x="185" y="130" width="170" height="26" rx="4" fill="#ffffff" opacity="0.9"/>
<circle cx="300" cy="320" r="85" fill="${main}" opacity="0.85"/>
<rect x="185" y="430" width="200" height="10" rx="5" fill="${dark}"/><rect x="185" y="452" width="140" height="10" rx="5" fill="${dark}" opacity="0.6"/>`;
    case 'paper':
      return `${[0, 1, 2].map((i) => `<rect x="${180 + i * 14}" y="${120 + i * 14}" width="240" height="330" rx="4" fill="${i === 2 ? main : shade(main, -0.05 * (2 - i))}" stroke="${shade(main, -0.25)}" stroke-width="2" transform="rotate(${-6 + i * 4} 300 300)"/>`).join('')}
<rect x="230" y="200" width="150" height="8" rx="4" fill="${accent}"/><rect x="230" y="226" width="120" height="8" rx="4" fill="${accent}" opacity="0.7"/>`;
    case 'ink':
      return `<rect x="215" y="230" width="170" height="210" rx="30" fill="${main}"/>
<rect x="255" y="170" width="90" height="70" rx="8" fill="#37474f"/>
<rect x="235" y="300" width="130" height="80" rx="8" fill="#ffffff" opacity="0.9"/>
<path d="M300 315 q22 30 0 50 q-22 -20 0 -50z" fill="${main}"/>
<ellipse cx="300" cy="455" rx="110" ry="14" fill="${accent}" opacity="0.5"/>`;
    case 'pen':
      return `<g transform="rotate(-35 300 300)"><rect x="270" y="110" width="60" height="300" rx="26" fill="${main}"/>
<rect x="270" y="190" width="60" height="14" fill="${accent}"/><rect x="318" y="120" width="8" height="120" rx="4" fill="${accent}"/>
<path d="M272 405 L328 405 L300 495 Z" fill="${accent}"/><path d="M296 470 L304 470 L300 495 Z" fill="#263238"/></g>`;
    case 'pencil':
      return `${[0, 1, 2]
        .map(
          (
            i,
          ) => `<g transform="rotate(${-40 + i * 12} 300 300) translate(${i * 30 - 30} 0)"><rect x="280" y="120" width="40" height="280" fill="${i === 1 ? accent : main}"/>
<rect x="280" y="100" width="40" height="24" fill="#ef9a9a"/><rect x="280" y="120" width="40" height="10" fill="#b0bec5"/>
<path d="M280 400 L320 400 L300 460 Z" fill="#f3d9a4"/><path d="M293 440 L307 440 L300 460 Z" fill="#263238"/></g>`,
        )
        .join('')}`;
    case 'brush':
      return `${[0, 1, 2]
        .map(
          (
            i,
          ) => `<g transform="rotate(${-25 + i * 20} 300 480)"><rect x="290" y="200" width="20" height="260" rx="8" fill="${main}"/>
<rect x="287" y="170" width="26" height="36" fill="#b0bec5"/><path d="M288 172 Q300 ${90 - i * 10} 312 172 Z" fill="${accent}"/></g>`,
        )
        .join('')}`;
    case 'tape':
      return `<circle cx="300" cy="300" r="150" fill="${main}"/><circle cx="300" cy="300" r="70" fill="#fafafa"/>
<circle cx="300" cy="300" r="150" fill="none" stroke="${accent}" stroke-width="16" stroke-dasharray="20 18"/>
<path d="M430 370 L520 420 L505 450 L415 400 Z" fill="${main}"/>`;
    case 'clip':
      return `<path d="M250 140 v260 a50 50 0 0 0 100 0 v-230 a32 32 0 0 0 -64 0 v210" fill="none" stroke="${main}" stroke-width="16" stroke-linecap="round"/>
<circle cx="410" cy="430" r="36" fill="${accent}"/>`;
    case 'box':
      return `<path d="M160 240 L300 180 L440 240 L300 300 Z" fill="${shade(main, 0.12)}"/>
<path d="M160 240 L300 300 L300 460 L160 400 Z" fill="${main}"/><path d="M440 240 L300 300 L300 460 L440 400 Z" fill="${dark}"/>
${[0, 1, 2, 3].map((i) => `<rect x="${200 + i * 22}" y="${150 - (i % 2) * 18}" width="14" height="110" rx="6" fill="${i % 2 ? accent : shade(accent, -0.2)}"/>`).join('')}`;
  }
}

/**
 * `backdrop`: 'tile' keeps the colour strong (category tiles carry white text on it); 'paper' is
 * the shop's cream lightly tinted by the product's colour, so a grid of products reads as one
 * calm shelf instead of a row of loud squares.
 */
function card(
  body: string,
  bg: string,
  label: string,
  variant: 1 | 2,
  backdrop: 'tile' | 'paper' = 'paper',
): string {
  const [from, to] =
    backdrop === 'tile'
      ? [shade(bg, variant === 1 ? 0.4 : 0.3), shade(bg, 0.55)]
      : [mix(CARD, bg, variant === 1 ? 0.1 : 0.14), mix(PAPER, bg, variant === 1 ? 0.22 : 0.26)];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(label)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="${variant === 1 ? 1 : 0}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<ellipse cx="300" cy="520" rx="180" ry="22" fill="#000" opacity="0.08"/>
<g${variant === 2 ? ' transform="translate(300 300) scale(0.8) rotate(8) translate(-300 -300)"' : ''}>${body}</g>
${variant === 2 ? `<g transform="translate(430 440) scale(0.35)" opacity="0.9">${body}</g>` : ''}
</svg>
`;
}

mkdirSync(join(out, 'products'), { recursive: true });
mkdirSync(join(out, 'categories'), { recursive: true });
for (const p of seedProducts) {
  const [main, accent] = p.palette;
  for (const v of [1, 2] as const)
    writeFileSync(
      join(out, 'products', `${p.slug}-${v}.svg`),
      card(art(p.art, main, accent), accent === '#ffffff' ? main : accent, p.title, v),
    );
}
const palette = ['#7a2e2e', '#1a237e', '#d84315', '#1e88e5', '#1e3a8a', '#e91e63', '#26a69a'];
seedCategories.forEach((c, i) => {
  const first = seedProducts.find((p) => p.category === c)!;
  writeFileSync(
    join(out, 'categories', `${categorySlug(c)}.svg`),
    card(
      art(first.art, first.palette[0], first.palette[1]),
      palette[i % palette.length]!,
      c,
      1,
      'tile',
    ),
  );
});
writeFileSync(
  join(out, 'categories', 'default.svg'),
  card(art('notebook', '#5d4037', '#ffcc80'), '#8d6e63', 'Stationery', 1, 'tile'),
);
writeFileSync(
  join(out, 'logo.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="Kagaz &amp; Kalam">
<rect width="120" height="120" rx="24" fill="#7a2e2e"/><rect x="28" y="26" width="56" height="70" rx="6" fill="#fdf6e3"/>
<g transform="rotate(35 70 60)"><rect x="64" y="14" width="12" height="70" rx="5" fill="#d9b26f"/><path d="M64 84 L76 84 L70 102 Z" fill="#263238"/></g>
</svg>
`,
);
console.log(
  `wrote ${seedProducts.length * 2} product images, ${seedCategories.length + 1} category images and a logo to ${out}`,
);
