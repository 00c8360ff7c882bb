import { useState, type ReactNode } from 'react';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import { FieldError } from '@store/ui/label';
import { errorMessage } from '@/lib/api-client';

/**
 * An action behind a confirmation (Cancel order, Delete product, Delete category; `tone="default"`
 * for one that destroys nothing, like Record cash collected): the
 * trigger opens a dialog that says what will happen; the confirm button runs `onConfirm`, which
 * closes the dialog when it resolves and shows the failure in it when it throws. Closing the dialog
 * forgets that failure.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  keepLabel,
  confirmLabel,
  onConfirm,
  tone = 'destructive',
}: {
  /** the button that opens the dialog, given the function that opens it */
  trigger: (open: () => void) => ReactNode;
  title: string;
  description: ReactNode;
  /** anything to fill in before confirming (a reason) */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  /** the confirm button's look: red for what cannot be undone, else the store's primary */
  tone?: 'destructive' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) setProblem(null);
  };

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
      openChange(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      {trigger(() => openChange(true))}
      <DialogContent className="w-[min(28rem,calc(100vw-2rem))] p-6">
        <DialogTitle className="text-xl font-semibold">{title}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">
          {description}
        </DialogDescription>
        {children}
        <FieldError className="mt-3 font-medium">{problem}</FieldError>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => openChange(false)}>
            {keepLabel}
          </Button>
          <Button variant={tone} onClick={confirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
