import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatGstRate } from '@store/contracts/gst';
import { formatPaise } from '@store/contracts/money';
import { adminProductListQuerySchema, type AdminProductRow } from '@store/contracts/admin/products';
import { Badge } from '@store/ui/badge';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useCategories } from '@/lib/shared-queries';
import { useUrlQuery } from '@/lib/url-query';
import { useProducts } from '../api/products';

function StatusBadge({ row }: { row: AdminProductRow }) {
  if (row.archived) return <Badge variant="gray">Archived</Badge>;
  return row.published ? (
    <Badge variant="green">Published</Badge>
  ) : (
    <Badge variant="yellow">Draft</Badge>
  );
}

const columns: ColumnDef<AdminProductRow, unknown>[] = [
  {
    header: 'Image',
    id: 'image',
    cell: ({ row }) =>
      row.original.imgUrl ? (
        <img
          src={row.original.imgUrl}
          alt=""
          loading="lazy"
          className="size-12 min-w-12 rounded border border-border object-cover"
        />
      ) : (
        <span
          className="block size-12 rounded border border-dashed border-border"
          aria-hidden="true"
        />
      ),
  },
  {
    header: 'Title',
    accessorKey: 'title',
    cell: ({ row }) => (
      <div className="min-w-40">
        <Link
          to={`/products/${row.original.id}`}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {row.original.title}
        </Link>
        {row.original.slug ? (
          <div className="text-xs text-muted-foreground">{row.original.slug}</div>
        ) : null}
        {row.original.sku ? (
          <div className="text-xs text-muted-foreground">SKU {row.original.sku}</div>
        ) : null}
      </div>
    ),
  },
  { header: 'Category', accessorKey: 'category' },
  {
    header: 'Price',
    accessorKey: 'regularPricePaise',
    cell: ({ row }) => {
      const { regularPricePaise: regular, discountedPricePaise: discounted } = row.original;
      return discounted !== null && discounted < regular ? (
        <div className="whitespace-nowrap">
          <div>{formatPaise(discounted)}</div>
          <div className="text-xs text-muted-foreground line-through">
            <span className="sr-only">was </span>
            {formatPaise(regular)}
          </div>
        </div>
      ) : (
        <span className="whitespace-nowrap">{formatPaise(regular)}</span>
      );
    },
  },
  {
    header: 'GST',
    id: 'gst',
    cell: ({ row }) => (
      <div className="whitespace-nowrap">
        <div>{formatGstRate(row.original.gstRateBp)}%</div>
        <div className="text-xs text-muted-foreground">
          <abbr title="HSN code">HSN</abbr> {row.original.hsnCode}
        </div>
      </div>
    ),
  },
  {
    header: 'Stock',
    accessorKey: 'stock',
    cell: ({ row }) => (
      <div className="flex flex-wrap items-center gap-2 whitespace-nowrap">
        <span>{row.original.stock}</span>
        {row.original.stockStatus === 'sold_out' ? (
          <Badge variant="red">Sold out</Badge>
        ) : row.original.stockStatus === 'low_stock' ? (
          <Badge variant="yellow">Low stock</Badge>
        ) : null}
      </div>
    ),
  },
  { header: 'Published', id: 'published', cell: ({ row }) => <StatusBadge row={row.original} /> },
  {
    header: 'Featured',
    id: 'featured',
    cell: ({ row }) =>
      row.original.featured ? (
        <Badge variant="blue">Featured</Badge>
      ) : (
        <span aria-label="Not featured">—</span>
      ),
  },
];

/** The Products table: search, category, stock and status filters and page, all in the URL. */
export function ProductsTable() {
  const [query, update] = useUrlQuery(adminProductListQuerySchema);
  const products = useProducts(query);
  const categories = useCategories();
  const names = categories.data?.data.map((c) => c.name) ?? [];
  if (query.category && !names.includes(query.category)) names.push(query.category);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          id="product-search"
          label="Search products"
          placeholder="Title, slug, SKU or barcode"
          value={query.q ?? ''}
          onSearch={(q) => update({ q })}
        />
        <div className="grid gap-1">
          <Label htmlFor="product-category-filter">Category</Label>
          <Select
            id="product-category-filter"
            value={query.category ?? ''}
            onChange={(e) => update({ category: e.target.value })}
          >
            <option value="">All categories</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="product-stock-filter">Stock</Label>
          <Select
            id="product-stock-filter"
            value={query.stock ?? ''}
            onChange={(e) => update({ stock: e.target.value })}
          >
            <option value="">Any stock</option>
            <option value="low">Low stock</option>
            <option value="sold_out">Sold out</option>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="product-status-filter">Status</Label>
          <Select
            id="product-status-filter"
            value={query.status ?? ''}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">All but archived</option>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
            <option value="archived">Archived</option>
          </Select>
        </div>
      </div>
      <PagedTable
        query={products}
        caption="Products"
        columns={columns}
        onPageChange={(page) => update({ page })}
        empty="No products match these filters."
      />
    </div>
  );
}
