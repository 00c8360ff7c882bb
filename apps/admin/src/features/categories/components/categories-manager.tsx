import { useState } from 'react';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { NAVIGATION_CATEGORY_COUNT, type AdminCategory } from '@store/contracts/admin/categories';
import { Badge } from '@store/ui/badge';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import { toast } from '@store/ui/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-client';
import { useCategories } from '@/lib/shared-queries';
import { useDeleteCategory, useReorderCategories, useSaveCategory } from '../api/categories';
import { CategoryFormView } from './category-form';

/** New category or Edit <name>: the form in a dialog. */
function CategoryDialog({ category }: { category?: AdminCategory }) {
  const [open, setOpen] = useState(false);
  const save = useSaveCategory();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {category ? (
        <Button
          variant="outline"
          size="icon"
          aria-label={`Edit ${category.name}`}
          onClick={() => setOpen(true)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : (
        <Button onClick={() => setOpen(true)}>
          <Plus aria-hidden="true" /> New category
        </Button>
      )}
      <DialogContent className="w-[min(32rem,calc(100vw-2rem))] p-6">
        <DialogTitle className="mb-1 text-xl font-semibold">
          {category ? `Edit ${category.name}` : 'New category'}
        </DialogTitle>
        <DialogDescription className="mb-4 text-sm text-muted-foreground">
          {category
            ? 'Renaming moves its products along.'
            : 'A new category goes last in the order.'}
        </DialogDescription>
        <CategoryFormView
          category={category}
          onSave={async (form) => {
            await save.mutateAsync({ id: category?.id ?? null, form });
            toast.success(category ? 'Category saved' : 'Category added');
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Delete <name>, after a confirmation; the API refuses a category products use, and we say so. */
function DeleteCategory({ category }: { category: AdminCategory }) {
  const remove = useDeleteCategory();
  return (
    <ConfirmDialog
      trigger={(open) => (
        <Button variant="outline" size="icon" aria-label={`Delete ${category.name}`} onClick={open}>
          <Trash2 aria-hidden="true" />
        </Button>
      )}
      title={`Delete ${category.name}?`}
      description={
        category.productCount > 0
          ? `${category.productCount} ${category.productCount === 1 ? 'product uses' : 'products use'} it: move or archive them first.`
          : 'No product uses it.'
      }
      keepLabel="Keep category"
      confirmLabel="Delete category"
      onConfirm={async () => {
        await remove.mutateAsync(category.id);
        toast.success(`${category.name} deleted`);
      }}
    />
  );
}

function CategoryList({ categories }: { categories: AdminCategory[] }) {
  const reorder = useReorderCategories();

  const move = (from: number, to: number, direction: 'up' | 'down') => {
    const ids = categories.map((c) => c.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    reorder.mutate(ids, {
      onError: (error) => toast.error(errorMessage(error)),
    });
    // the keyboard stays on the moved category's button (or its other one at either end)
    requestAnimationFrame(() => {
      const atEnd =
        (direction === 'up' && to === 0) || (direction === 'down' && to === ids.length - 1);
      const side = atEnd ? (direction === 'up' ? 'down' : 'up') : direction;
      document.getElementById(`category-${id}-${side}`)?.focus();
    });
  };

  if (categories.length === 0)
    return <p className="text-sm text-muted-foreground">No categories yet.</p>;

  return (
    <ol className="grid gap-2" aria-label="Categories in order">
      {categories.map((c, index) => (
        <li
          key={c.id}
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-3"
        >
          <span className="w-6 text-right text-sm tabular-nums text-muted-foreground">
            {index + 1}.
          </span>
          {c.imageUrl ? (
            <img
              src={c.imageUrl}
              alt=""
              className="size-12 rounded border border-border object-cover"
            />
          ) : (
            <span
              className="size-12 rounded border border-dashed border-border"
              aria-hidden="true"
            />
          )}
          <div className="min-w-0 flex-[1_1_10rem]">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{c.name}</span>
              {index < NAVIGATION_CATEGORY_COUNT ? (
                <Badge variant="blue">In navigation</Badge>
              ) : null}
            </div>
            <div className="text-sm text-muted-foreground">
              {c.productCount} {c.productCount === 1 ? 'product' : 'products'}
              {c.parentCategories.length ? ` · Parents: ${c.parentCategories.join(', ')}` : ''}
            </div>
          </div>
          <div className="ml-auto flex gap-1">
            <Button
              id={`category-${c.id}-up`}
              variant="outline"
              size="icon"
              aria-label={`Move ${c.name} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, index - 1, 'up')}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              id={`category-${c.id}-down`}
              variant="outline"
              size="icon"
              aria-label={`Move ${c.name} down`}
              disabled={index === categories.length - 1 || reorder.isPending}
              onClick={() => move(index, index + 1, 'down')}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <CategoryDialog category={c} />
            <DeleteCategory category={c} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Categories: in order with product counts; new, edit (rename, image, parents), reorder, delete. */
export function CategoriesManager() {
  const categories = useCategories();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          The first {NAVIGATION_CATEGORY_COUNT} categories are the storefront&apos;s navigation and
          its home page tiles: move a category up or down to change them.
        </p>
        <CategoryDialog />
      </div>
      <QueryState query={categories}>
        {(list) => <CategoryList categories={list.data} />}
      </QueryState>
    </div>
  );
}
