import { categorySlug, seedCategories } from './catalogue';

export const DEFAULT_STORE_ID = 'kagaz-kalam';

/** Hosts the default store answers to besides being the fallback (the web client's dev domain included). */
export const defaultStoreDomains = [
  'localhost',
  '127.0.0.1',
  'kagazkalam.in',
  'www.kagazkalam.in',
  'api.kagazkalam.in',
];

const categoryImages: Record<string, string> = { default: '/images/categories/default.svg' };
for (const c of seedCategories) categoryImages[c] = `/images/categories/${categorySlug(c)}.svg`;

export const defaultStoreInfo = {
  storeName: 'Kagaz & Kalam',
  companyName: 'Kagaz & Kalam Stationers Pvt. Ltd.',
  companyAddress: '14, Chowringhee Lane, Esplanade, Kolkata, West Bengal 700016, India',
  companyEmail: 'hello@kagazkalam.in',
  companyPhone: '+91 98300 12345',
  companyLogoUrl: '/images/logo.svg',
  description:
    'Diaries, notebooks, fountain pens, inks, handmade paper and art supplies, chosen by stationery lovers in Kolkata since 1986.',
  categories: seedCategories,
  categoryImages,
  policies: {
    shipping: `<p>{companyName} ships to every serviceable PIN code in India through trusted courier partners.</p>
<ul>
  <li>Normal orders are dispatched and delivered within 0-7 working days.</li>
  <li>Bulk and institutional orders take 10-15 business days.</li>
  <li>Shipping is free on every order.</li>
</ul>
<p>Once your order ships you will receive a tracking number by email. You can also track it on the Track Order page.</p>
<p>Questions? Write to <a href="mailto:{companyEmail}">{companyEmail}</a> or call {companyPhone} (Monday to Saturday, 10AM - 6PM).</p>
<p>{companyName}, {companyAddress}</p>`,
  } as Record<string, string>,
};

/** The demo store's GST registration (a made-up GSTIN with a valid check character), its state and dispatch PIN. */
export const defaultStoreTax = {
  gstin: '19AAGCK4821L1Z7',
  gstState: 'West Bengal',
  dispatchPin: '700016',
};
