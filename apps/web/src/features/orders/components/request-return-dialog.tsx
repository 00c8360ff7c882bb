import { useRef, useState } from 'react';
import { X } from 'lucide-react';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import { FormField } from '@store/ui/form-field';
import { HookFormField } from '@store/ui/hook-form-field';
import { FieldError } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';
import { RETURN_PHOTOS_MAX } from '@store/contracts/return-rules';
import type { UploadedReturnPhoto } from '@store/contracts/returns';
import { serverErrorText } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format-date';
import { useZodForm } from '@/lib/use-zod-form';
import { uploadReturnPhoto, useRequestReturnMutation } from '../api/request-return';
import { returnableUnits, type OrderView } from '../lib/order-view';
import { returnFormSchema } from '../lib/return-form';

export const returnFormText = {
  button: 'Request a return',
  title: 'Request a return',
  items: 'Items to return',
  reason: 'Why are you returning them?',
  photos: 'Photos (optional)',
  photosHint: `Up to ${RETURN_PHOTOS_MAX} photos of the items: JPEG, PNG or WebP.`,
  submit: 'Send return request',
  sending: 'Sending...',
  done: 'Return requested',
  failed: 'Could not request the return',
} as const;

/**
 * Request a return on a Delivered order within the shop's window: units per line (at most what
 * was delivered less earlier returns), a reason and up to 3 photos, each uploaded as chosen.
 */
export function RequestReturnDialog({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  const left = returnableUnits(order);
  const form = useZodForm(returnFormSchema, {
    defaultValues: { quantities: left.map(() => 0), reason: '' },
  });
  const [photos, setPhotos] = useState<UploadedReturnPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const request = useRequestReturnMutation(order.id);

  const addPhotos = async (files: FileList | null) => {
    setPhotoProblem(null);
    const chosen = [...(files ?? [])].slice(0, RETURN_PHOTOS_MAX - photos.length);
    setUploading(true);
    try {
      for (const file of chosen) {
        const uploaded = await uploadReturnPhoto(file);
        setPhotos((list) => [...list, uploaded]);
      }
    } catch (error) {
      setPhotoProblem(serverErrorText(error) ?? 'The photo could not be uploaded');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = form.handleSubmit((values) =>
    request.mutate(
      {
        lines: order.items
          .map((item, i) => ({ orderItemId: item.id, quantity: values.quantities[i] ?? 0 }))
          .filter((l) => l.quantity > 0),
        reason: values.reason,
        photos: photos.map((p) => p.imageId),
      },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(returnFormText.done);
        },
        onError: (error) =>
          toast.error(returnFormText.failed, {
            description: serverErrorText(error) ?? 'Please try again later',
          }),
      },
    ),
  );
  const quantitiesError = form.formState.errors.quantities;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {returnFormText.button}
      </Button>
      <DialogContent className="w-[min(32rem,calc(100vw-2rem))] p-6">
        <DialogTitle className="text-xl font-semibold">{returnFormText.title}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">
          Order #{order.id}
          {order.returnableUntil
            ? `: returns are taken until ${formatLongDate(order.returnableUntil)}.`
            : '.'}
        </DialogDescription>
        <form className="mt-4 grid gap-4" noValidate onSubmit={(e) => void submit(e)}>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold">{returnFormText.items}</legend>
            {order.items.map((item, i) =>
              left[i]! > 0 ? (
                <FormField
                  key={item.id}
                  id={`return-${order.id}-${item.id}`}
                  label={`${item.name}${item.variant ? ` (${item.variant})` : ''}`}
                  className="grid-cols-[1fr_6rem] items-center"
                >
                  {(control) => (
                    <Select
                      {...control}
                      {...form.register(`quantities.${i}`, { valueAsNumber: true })}
                    >
                      {Array.from({ length: left[i]! + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              ) : null,
            )}
            <FieldError>{quantitiesError?.message ?? quantitiesError?.root?.message}</FieldError>
          </fieldset>
          <HookFormField
            form={form}
            name="reason"
            id={`return-${order.id}-reason`}
            label={returnFormText.reason}
          >
            {(control) => <Textarea rows={3} {...control} />}
          </HookFormField>
          <FormField
            id={`return-${order.id}-photos`}
            label={returnFormText.photos}
            hint={returnFormText.photosHint}
            error={photoProblem ?? undefined}
          >
            {(control) => (
              <input
                {...control}
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                multiple
                disabled={uploading || photos.length >= RETURN_PHOTOS_MAX}
                onChange={(e) => void addPhotos(e.target.files)}
                className="text-sm"
              />
            )}
          </FormField>
          {photos.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Photos added">
              {photos.map((p, i) => (
                <li key={p.imageId} className="relative">
                  <img
                    src={p.url}
                    alt={`Photo ${i + 1}`}
                    className="size-20 rounded object-cover"
                  />
                  <button
                    type="button"
                    aria-label={`Remove photo ${i + 1}`}
                    className="absolute right-1 top-1 rounded-full bg-background/90 p-0.5"
                    onClick={() => setPhotos((list) => list.filter((x) => x.imageId !== p.imageId))}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button type="submit" disabled={request.isPending || uploading}>
              {request.isPending ? returnFormText.sending : returnFormText.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
