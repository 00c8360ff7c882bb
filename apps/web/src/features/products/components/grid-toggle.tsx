import { Columns2, Columns3 } from 'lucide-react';
import { Button } from '@store/ui/button';
import type { GridView } from './listing-controls';

/** 3 or 2 columns; hidden on phones, which always show two. */
export function GridToggle({
  view,
  onChange,
}: {
  view: GridView;
  onChange: (view: GridView) => void;
}) {
  return (
    <div className="hidden items-center gap-1 md:flex" role="group" aria-label="Grid density">
      <Button
        variant={view === 'grid-3' ? 'secondary' : 'ghost'}
        size="icon"
        aria-label="Show 3 columns"
        aria-pressed={view === 'grid-3'}
        onClick={() => onChange('grid-3')}
      >
        <Columns3 aria-hidden="true" />
      </Button>
      <Button
        variant={view === 'grid-2' ? 'secondary' : 'ghost'}
        size="icon"
        aria-label="Show 2 columns"
        aria-pressed={view === 'grid-2'}
        onClick={() => onChange('grid-2')}
      >
        <Columns2 aria-hidden="true" />
      </Button>
    </div>
  );
}
