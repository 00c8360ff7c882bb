import { useState } from 'react';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import { toast } from '@store/ui/toast';
import type { AdminProduct } from '@store/contracts/admin/products';
import { errorMessage } from '@/lib/api-client';
import type { ProductDeleted } from '../api/products';

export const archivedMessage = 'Archived: it was ordered before, so orders keep it';

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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { outcome } = await remove(product.id);
      toast.success(outcome === 'archived' ? archivedMessage : 'Product deleted');
      setOpen(false);
      onDeleted(outcome);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete product
      </Button>
      <DialogContent className="w-[min(28rem,calc(100vw-2rem))] p-6">
        <DialogTitle className="text-xl font-semibold">Delete {product.title}?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">
          {product.ordered
            ? 'It was ordered before, so it will be archived instead: the storefront stops showing it and orders keep their lines. You can restore it later.'
            : 'No order names it: it is deleted for good.'}
        </DialogDescription>
        {problem ? (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep product
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={busy}>
            {product.ordered ? 'Archive product' : 'Delete product'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
