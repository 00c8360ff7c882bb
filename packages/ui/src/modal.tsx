import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';

// The frame shared by the centred dialog and the side sheet: Radix Dialog's portal, the dimmed page
// behind, focus trapped in the panel, Escape to close. Each caller places and sizes the panel.

export function ModalFrame({ className, ...props }: ComponentProps<typeof Dialog.Content>) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <Dialog.Content
        className={cn(
          'fixed z-50 bg-background p-6 shadow-xl focus-visible:outline-none',
          className,
        )}
        {...props}
      />
    </Dialog.Portal>
  );
}

/** The panel's close button: an X, named for screen readers by `label`. */
export function ModalClose({ label, className }: { label: string; className?: string }) {
  return (
    <Dialog.Close
      className={cn(
        'rounded-md p-2 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      aria-label={label}
    >
      <X className="size-5" aria-hidden="true" />
    </Dialog.Close>
  );
}
