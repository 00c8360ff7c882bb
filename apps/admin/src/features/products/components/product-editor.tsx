import { useNavigate } from 'react-router';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-client';
import { useCategories } from '@/lib/shared-queries';
import { useDeleteProduct, useProduct, useRestoreProduct, useSaveProduct } from '../api/products';
import { DeleteProduct } from './delete-product';
import { ProductFormView } from './product-form';

/** New product: the empty form; saving opens the product's own page. */
export function NewProduct() {
  const categories = useCategories();
  const save = useSaveProduct(null);
  const navigate = useNavigate();
  return (
    <QueryState query={categories}>
      {(list) => (
        <ProductFormView
          categories={list.data}
          onSave={async (form) => {
            const saved = await save.mutateAsync(form);
            toast.success('Product created');
            navigate(`/products/${saved.id}`, { replace: true });
            return saved;
          }}
        />
      )}
    </QueryState>
  );
}

/** A product's page: its form, Delete product, and Restore when it is archived. */
export function EditProduct({ id }: { id: string }) {
  const product = useProduct(id);
  const categories = useCategories();
  const save = useSaveProduct(id);
  const remove = useDeleteProduct();
  const restore = useRestoreProduct();
  const navigate = useNavigate();

  const onRestore = async () => {
    try {
      await restore.mutateAsync(id);
      toast.success('Product restored. It stays unpublished until you publish it.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <QueryState query={product}>
      {(p) => (
        <QueryState query={categories}>
          {(list) => (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
              {p.archived ? (
                <div
                  role="status"
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-950"
                >
                  <p>
                    Archived: it was ordered before, so orders keep it. The storefront does not show
                    it.
                  </p>
                  <Button variant="outline" onClick={onRestore} disabled={restore.isPending}>
                    Restore product
                  </Button>
                </div>
              ) : null}
              <ProductFormView
                key={p.updatedAt}
                product={p}
                categories={list.data}
                onSave={async (form) => {
                  const saved = await save.mutateAsync(form);
                  toast.success('Product saved');
                  return saved;
                }}
              />
              {!p.archived ? (
                <div className="border-t border-border pt-6">
                  <DeleteProduct
                    product={p}
                    remove={(productId) => remove.mutateAsync(productId)}
                    onDeleted={(outcome) => {
                      if (outcome === 'deleted') navigate('/products', { replace: true });
                    }}
                  />
                </div>
              ) : null}
            </div>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
