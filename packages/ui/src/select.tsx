import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';
import { fieldClasses } from './input';

/** Native select: accessible and keyboard friendly on every device, styled like Input. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(fieldClasses, 'h-10 appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
