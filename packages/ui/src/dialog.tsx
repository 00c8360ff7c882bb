import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { ModalClose, ModalFrame } from './modal';

export const Dialog = RadixDialog.Root;
export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;

/**
 * A centred modal on Radix Dialog: focus trap, Escape and the close button dismiss it, the page
 * behind is dimmed. Give it a DialogTitle (Radix warns without one, and screen readers need it).
 */
export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof RadixDialog.Content> & { closeLabel?: string }) {
  return (
    <ModalFrame
      className={cn(
        'left-1/2 top-1/2 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border',
        className,
      )}
      {...props}
    >
      {children}
      <ModalClose label={closeLabel} className="absolute right-3 top-3" />
    </ModalFrame>
  );
}
