import { focusOnClose } from '@/lib/focus-on-close';
import type { RefObject } from 'react';
import { Button } from '@store/ui/button';
import { Sheet, SheetContent } from '@store/ui/sheet';
import type { ProductFacets } from '@store/contracts/products';
import type { ListingParams } from '../lib/listing';
import { FiltersPanel, type FilterChange } from './filters-panel';

interface FiltersSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  facets: ProductFacets | undefined;
  params: ListingParams;
  onChange: (change: FilterChange) => void;
  /** the button that opened it: focus goes back there on close (Radix only knows its own Trigger) */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The phone's filters (under 768 px): the desktop's panel in a sheet. Each choice applies at once
 * (the list behind follows the URL), so the button only closes the sheet and says how many match.
 * Loaded on first open: Radix Dialog stays off the listing's chunk.
 */
export default function FiltersSheet({
  open,
  onOpenChange,
  facets,
  params,
  onChange,
  returnFocusTo,
}: FiltersSheetProps) {
  const total = facets?.total;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Filters"
        description="Narrow the products shown"
        className="w-[22rem]"
        onCloseAutoFocus={focusOnClose(returnFocusTo)}
      >
        <div className="-mx-1 flex-1 overflow-y-auto px-1">
          <FiltersPanel facets={facets} params={params} onChange={onChange} />
        </div>
        <Button className="w-full" onClick={() => onOpenChange(false)}>
          {total === undefined
            ? 'Show products'
            : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
        </Button>
      </SheetContent>
    </Sheet>
  );
}
