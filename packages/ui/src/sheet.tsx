import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { ModalClose, ModalFrame } from './modal';

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
    <ModalFrame
      className={cn(
        'inset-y-0 flex w-80 max-w-[85vw] flex-col gap-4',
        side === 'right' ? 'right-0 border-l border-border' : 'left-0 border-r border-border',
        className,
      )}
      {...props}
    >
      <div className="flex items-center justify-between">
        <Dialog.Title className="font-display text-lg font-semibold">{title}</Dialog.Title>
        <ModalClose label="Close menu" />
      </div>
      <Dialog.Description className="sr-only">{description ?? 'Navigation'}</Dialog.Description>
      {children}
    </ModalFrame>
  );
}
