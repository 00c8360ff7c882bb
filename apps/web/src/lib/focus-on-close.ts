import type { RefObject } from 'react';

/**
 * A dialog's `onCloseAutoFocus` that gives the focus back to the button that opened it. Radix
 * returns it to the dialog's own Trigger, and ours open from plain buttons (the dialogs load on
 * first use): without this the focus fell to the page's body, and a keyboard or screen reader user
 * started again at the top of the page. `unless` keeps it where it went (a link in the dialog that
 * navigated: the new page has the focus).
 */
export const focusOnClose =
  (opener: RefObject<HTMLElement | null>, unless?: () => boolean) => (event: Event) => {
    event.preventDefault();
    if (!unless?.()) opener.current?.focus();
  };
