import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { orderNoteBodySchema, type AdminOrderDetail } from '@store/contracts/admin/orders';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { FieldError } from '@store/ui/label';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';
import { applyServerErrors } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { OrderActionRequest } from '../api/order-actions';

/** The order's internal notes (staff only: a call with the customer, a packing instruction). */
export function OrderNotes({
  notes,
  run,
}: {
  notes: AdminOrderDetail['notes'];
  run: (action: OrderActionRequest) => Promise<unknown>;
}) {
  const form = useForm<
    z.input<typeof orderNoteBodySchema>,
    unknown,
    z.output<typeof orderNoteBodySchema>
  >({ resolver: zodResolver(orderNoteBodySchema), defaultValues: { text: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await run({ kind: 'add_note', body });
      toast.success('Note added');
      form.reset({ text: '' });
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, ['text']));
    }
  });
  return (
    <div className="grid gap-3">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet. Only staff see them.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {notes.map((note, i) => (
            <li key={i} className="rounded-md border border-border bg-muted/40 p-3">
              <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{note.text}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                {note.actor} · {formatDateTime(note.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label="New note">
        <HookFormField form={form} name="text" id="order-note" label="Add a note">
          {(control) => <Textarea rows={3} maxLength={1000} {...control} />}
        </HookFormField>
        <FieldError className="font-medium">{problem}</FieldError>
        <div>
          <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
            Save note
          </Button>
        </div>
      </form>
    </div>
  );
}
