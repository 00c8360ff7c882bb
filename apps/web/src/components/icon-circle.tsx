import type { LucideIcon } from 'lucide-react';
import { cn } from '@store/ui/cn';

/** A decorative icon in a tinted circle, used beside a detail (account, contact). */
export function IconCircle({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-primary',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
