import type { SavedAddress } from '@store/contracts/addresses';
import { Badge } from '@store/ui/badge';
import { labelOf, placeLine } from '../lib/address-book';

/** A saved address as a courier label reads: name and tags, street, place, mobile. */
export function AddressSummary({ address }: { address: SavedAddress }) {
  const label = labelOf(address);
  return (
    <span className="grid gap-0.5 text-sm">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{address.fullName}</span>
        {label && <Badge variant="outline">{label}</Badge>}
        {address.isDefault && <Badge variant="secondary">Default</Badge>}
      </span>
      <span className="break-words text-muted-foreground">{address.address}</span>
      <span className="text-muted-foreground">{placeLine(address)}</span>
      <span className="text-muted-foreground">{address.phone}</span>
    </span>
  );
}
