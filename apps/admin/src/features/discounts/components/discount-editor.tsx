import { useNavigate } from 'react-router';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-client';
import { useCategories } from '@/lib/shared-queries';
import { useDiscount, useSaveDiscount, useSetDiscountActive } from '../api/discounts';
import { DiscountFormView } from './discount-form';
import { DiscountStatusBadge } from './discounts-table';

/** New discount: the empty form; saving opens the discount's own page. */
export function NewDiscount() {
  const categories = useCategories();
  const save = useSaveDiscount(null);
  const navigate = useNavigate();
  return (
    <QueryState query={categories}>
      {(list) => (
        <DiscountFormView
          categories={list.data}
          onSave={async (form) => {
            const saved = await save.mutateAsync(form);
            toast.success('Discount created');
            navigate(`/discounts/${saved.id}`, { replace: true });
            return saved;
          }}
        />
      )}
    </QueryState>
  );
}

/** A discount's page: its status and uses, Deactivate (or Activate), and its form. */
export function EditDiscount({ id }: { id: string }) {
  const discount = useDiscount(id);
  const categories = useCategories();
  const save = useSaveDiscount(id);
  const setActive = useSetDiscountActive(id);

  const toggle = async (active: boolean) => {
    try {
      await setActive.mutateAsync(active);
      toast.success(active ? 'Discount activated' : 'Discount deactivated');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <QueryState query={discount}>
      {(d) => (
        <QueryState query={categories}>
          {(list) => (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
              <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-4 text-sm">
                <DiscountStatusBadge status={d.status} />
                <span>{d.description}</span>
                <span className="text-muted-foreground">
                  Used by {d.used} {d.used === 1 ? 'order' : 'orders'}
                  {d.usageLimit !== null ? ` of ${d.usageLimit}` : ''}
                </span>
                <Button
                  variant="outline"
                  className="ml-auto"
                  disabled={setActive.isPending}
                  onClick={() => void toggle(!d.active)}
                >
                  {d.active ? 'Deactivate' : 'Activate'}
                </Button>
              </div>
              <DiscountFormView
                key={d.updatedAt}
                discount={d}
                categories={list.data}
                onSave={async (form) => {
                  const saved = await save.mutateAsync(form);
                  toast.success('Discount saved');
                  return saved;
                }}
              />
            </div>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
