/**
 * Which stock rows a product has, from its attributes: the seed writes them, the catalogue's
 * services read and write them (modules/products). Here, below both, so the seed needs no module.
 */

/** The key a facet token carries, as the database's product_facet_key() writes it. */
export function facetKey(key: string): string {
  const k = key.trim().toLowerCase();
  if (k === 'size' || k === 'sizes') return 'size';
  if (['color', 'colour', 'colors', 'colours'].includes(k)) return 'color';
  return k;
}

export interface VariantOptions {
  sizes: string[];
  colors: string[];
}

/** The sizes and colours given by a product's attributes (the keys the storefront reads). */
export function variantOptionsOf(attributes: { key: string; values: string[] }[]): VariantOptions {
  const entry: VariantOptions = { sizes: [], colors: [] };
  for (const a of attributes) {
    // the same key names the filters read as size and colour
    const kind = facetKey(a.key);
    if (kind === 'size') entry.sizes.push(...a.values);
    if (kind === 'color') entry.colors.push(...a.values);
  }
  return entry;
}

/**
 * The stock rows a product with these options has: one per size x colour it offers, '' for a
 * missing dimension; a product without options has the single row ('', '').
 */
export function stockVariantsOf(options: VariantOptions): { size: string; color: string }[] {
  const sizes = options.sizes.length ? [...new Set(options.sizes)] : [''];
  const colors = options.colors.length ? [...new Set(options.colors)] : [''];
  return sizes.flatMap((size) => colors.map((color) => ({ size, color })));
}
