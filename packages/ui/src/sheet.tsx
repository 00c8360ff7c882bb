import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export const Sheet = Dialog.Root;

/** Side panel built on Radix Dialog: focus trap, Escape to close, labelled by its title. */
export function SheetContent({
  className,
  children,
  title,
  description,
  side = 'right',
  ...props
}: ComponentProps<typeof Dialog.Content> & {
  title: ReactNode;
  description?: ReactNode;
  side?: 'left' | 'right';
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-80 max-w-[85vw] flex-col gap-4 bg-background p-6 shadow-xl focus-visible:outline-none',
          side === 'right' ? 'right-0 border-l border-border' : 'left-0 border-r border-border',
          className,
        )}
        {...props}
      >
        <div className="flex items-center justify-between">
          <Dialog.Title className="font-display text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Close
            className="rounded-md p-2 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Close menu"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </div>
        <Dialog.Description className="sr-only">{description ?? 'Navigation'}</Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
