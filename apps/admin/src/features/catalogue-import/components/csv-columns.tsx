import { productCsvColumns, type ProductCsvColumn } from '@store/contracts/admin/import';

/** What each column holds, as contracts/admin/import.ts documents it. */
const columnHelp: Record<ProductCsvColumn, string> = {
  slug: 'Finds the product to update. Empty: made from the title. A slug no product has creates one.',
  title: 'Required.',
  description: 'Plain text.',
  category: 'Required. One of the Categories screen (any case).',
  parent_category: 'Optional.',
  regular_price: 'Required. Rupees, at most 2 decimals, e.g. 120 or 99.50.',
  discounted_price: 'Rupees; empty for none. At most the regular price.',
  hsn_code:
    'HSN code for the tax invoice: 4, 6 or 8 digits. Left out or empty: kept; a new product takes its category’s usual code (e.g. 4820, 4902 for Magazines).',
  gst_rate:
    'GST rate in percent: 0, 5, 18… Left out or empty: kept; a new product takes its category’s usual rate (18%; 0% for Magazines).',
  sku: 'Your code for the product, unique in the store (any case). Left out: kept; empty: none.',
  barcode:
    'The GTIN under the bars: 8, 12, 13 or 14 digits, check digit checked. Keep the column as text in a spreadsheet (it drops a leading 0 and writes long numbers as 8.9E+12). Left out: kept; empty: none.',
  weight_grams:
    'Grams per unit as packed, a whole number, for delivery charges by weight. Left out: kept; empty: none.',
  stock:
    'Units of a product without sizes or colours (for one with them: the sum, read from variant_stock).',
  featured: 'true or false (yes/no, 1/0; empty is false).',
  published: 'true or false (yes/no, 1/0; empty is false).',
  sizes: 'Values of "Size", e.g. S|M|L.',
  colours: 'Values of "Colours", e.g. Red|Blue.',
  attributes:
    'Every other attribute: Name[unit]=value;value|Name=value, e.g. Pages[pages]=120|Ruling=Dotted;Plain.',
  variant_stock:
    'Stock per size and colour: size/colour=units|…, e.g. S/Red=4|M/Red=2 (a missing dimension empty: /Black=4). A combination left out is 0.',
  image_urls: 'url|url; the first is the main image.',
};

/** The columns of the products CSV, documented on the page. */
export function CsvColumns() {
  return (
    <section aria-labelledby="csv-columns-heading" className="grid gap-3">
      <h2 id="csv-columns-heading" className="font-sans text-lg font-semibold">
        Columns
      </h2>
      <p className="text-sm text-muted-foreground">
        One row per product, with a header row naming the columns (in any order). Only{' '}
        <code>title</code>, <code>category</code> and <code>regular_price</code> are required; a
        column left out keeps what is stored. Lists inside a cell are separated by <code>|</code>; a
        backslash escapes <code>| ; = / [ ]</code> and itself. The export is UTF-8 and opens in a
        spreadsheet; importing the same file again changes nothing.
      </p>
      {/* focusable: on a phone the table scrolls sideways, and keyboard users must reach it */}
      <div
        role="region"
        aria-label="CSV columns"
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-border bg-card"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">CSV columns</caption>
          <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="px-3 py-2">
                Holds
              </th>
            </tr>
          </thead>
          <tbody>
            {productCsvColumns.map((column) => (
              <tr key={column} className="border-t border-border">
                <th
                  scope="row"
                  className="whitespace-nowrap px-3 py-2 font-mono text-xs font-medium"
                >
                  {column}
                </th>
                <td className="px-3 py-2">{columnHelp[column]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
