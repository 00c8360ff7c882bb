import type { Ref } from 'react';
import { HONEYPOT_FIELD } from '@store/contracts/messages';

/**
 * A field people never see or reach (off-screen, hidden from assistive technology, out of the tab
 * order) that a form-filling bot fills: the server then keeps and sends nothing, and answers as
 * usual (docs/decisions/messages-and-owner-notices.md).
 */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        ref={inputRef}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The honeypot's value to send: only when something filled it. */
export const honeypotValue = (input: HTMLInputElement | null): { website?: string } =>
  input?.value ? { [HONEYPOT_FIELD]: input.value } : {};
