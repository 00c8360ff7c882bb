import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import type { AdminProduct } from '@store/contracts/admin/products';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { ProductDeleted } from '../api/products';

const archivedMessage = 'Archived: it was ordered before, so orders keep it';

/**
 * Delete product, after a confirmation. The API deletes a product no order names and archives one
 * that was ordered (orders keep their lines); the message says which happened.
 */
export function DeleteProduct({
  product,
  remove,
  onDeleted,
}: {
  product: AdminProduct;
  remove: (id: string) => Promise<ProductDeleted>;
  onDeleted: (outcome: ProductDeleted['outcome']) => void;
}) {
  return (
    <ConfirmDialog
      trigger={(open) => (
        <Button variant="destructive" onClick={open}>
          Delete product
        </Button>
      )}
      title={`Delete ${product.title}?`}
      description={
        product.ordered
          ? 'It was ordered before, so it will be archived instead: the storefront stops showing it and orders keep their lines. You can restore it later.'
          : 'No order names it: it is deleted for good.'
      }
      keepLabel="Keep product"
      confirmLabel={product.ordered ? 'Archive product' : 'Delete product'}
      onConfirm={async () => {
        const { outcome } = await remove(product.id);
        toast.success(outcome === 'archived' ? archivedMessage : 'Product deleted');
        onDeleted(outcome);
      }}
    />
  );
}
