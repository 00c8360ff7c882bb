import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';

/**
 * Holds the owner back from leaving a form with changes not saved: a link or Back inside the back
 * office asks first (Stay / Leave without saving); closing or reloading the tab gets the
 * browser's own question. `saving` is true while a save is under way: the save's own navigation
 * (a new product opening its page) is never held.
 */
export function UnsavedChangesPrompt({
  dirty,
  saving,
}: {
  dirty: boolean;
  saving: RefObject<boolean>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogContent className="w-[min(28rem,calc(100vw-2rem))] p-6">
        <DialogTitle className="text-xl font-semibold">Leave without saving?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">
          Your changes on this page are not saved. Leave and they are lost.
        </DialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
