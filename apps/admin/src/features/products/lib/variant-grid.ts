import {
  COLOUR_ATTRIBUTE_KEY,
  SIZE_ATTRIBUTE_KEY,
  type VariantStock,
} from '@store/contracts/admin/products';

interface Attribute {
  key?: string;
  values?: (string | undefined)[];
}

const clean = (values: (string | undefined)[] | undefined) => [
  ...new Set((values ?? []).map((v) => (v ?? '').trim()).filter(Boolean)),
];

function valuesOf(attributes: Attribute[], key: string): string[] {
  const found = attributes.find((a) => a.key?.trim().toLowerCase() === key.toLowerCase());
  return clean(found?.values);
}

/** The sizes and colours a product's attributes give (the keys the storefront reads). */
export function variantAxes(attributes: Attribute[]) {
  return {
    sizes: valuesOf(attributes, SIZE_ATTRIBUTE_KEY),
    colours: valuesOf(attributes, COLOUR_ATTRIBUTE_KEY),
  };
}

/**
 * Every size × colour, each with the units it had (0 for a new one): a product with sizes alone
 * has colour '' and the reverse; one with neither has no grid (its stock is the Stock field).
 */
export function variantGrid(
  sizes: string[],
  colours: string[],
  previous: readonly VariantStock[],
): VariantStock[] {
  if (sizes.length === 0 && colours.length === 0) return [];
  const had = new Map(previous.map((v) => [`${v.size}\u0000${v.color}`, v.onHand]));
  const rows = sizes.length ? sizes : [''];
  const cols = colours.length ? colours : [''];
  return rows.flatMap((size) =>
    cols.map((color) => ({ size, color, onHand: had.get(`${size}\u0000${color}`) ?? 0 })),
  );
}
