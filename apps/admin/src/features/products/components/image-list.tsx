import { useRef, useState, type ChangeEvent } from 'react';
import { useFieldArray, useFormState } from 'react-hook-form';
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { imageTypes } from '@store/contracts/admin/products';
import { Button } from '@store/ui/button';
import { Label } from '@store/ui/label';
import { errorMessage } from '@/lib/api-client';
import { imageFileProblem, uploadImage } from '@/lib/images';
import { FormSection } from '@/components/form-section';
import type { ProductFormApi } from './product-form-types';
import { ListError } from './list-error';

const MAX_IMAGES = 12;

/**
 * The product's images: upload (checked here for type and size first, then by the server from the
 * bytes), thumbnails in order (the first is the main image), move up/down and remove.
 */
export function ImageList({
  form,
  upload = uploadImage,
}: {
  form: ProductFormApi;
  /** injectable for tests */
  upload?: typeof uploadImage;
}) {
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: 'images' });
  const { errors } = useFormState({ control: form.control, name: 'images' });
  const [problems, setProblems] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const found: string[] = [];
    const room = MAX_IMAGES - fields.length;
    if (files.length > room) found.push(`A product has at most ${MAX_IMAGES} images`);
    const good = files.slice(0, Math.max(0, room)).filter((file) => {
      const problem = imageFileProblem(file);
      if (problem) found.push(problem);
      return !problem;
    });
    setProblems(found);
    setUploading((n) => n + good.length);
    for (const file of good) {
      try {
        const image = await upload(file);
        append({ imageId: image.imageId, url: image.url });
      } catch (error) {
        found.push(`${file.name}: ${errorMessage(error)}`);
        setProblems([...found]);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  // keep the keyboard on the moved image's button
  const moveTo = (from: number, to: number, direction: 'up' | 'down') => {
    move(from, to);
    requestAnimationFrame(() => {
      const id =
        (to === 0 && direction === 'up') || (to === fields.length - 1 && direction === 'down')
          ? `image-${to}-${direction === 'up' ? 'down' : 'up'}`
          : `image-${to}-${direction}`;
      document.getElementById(id)?.focus();
    });
  };

  const listError = errors.images?.message ?? errors.images?.root?.message;

  return (
    <FormSection
      legend="Images"
      description="JPEG, PNG or WebP, up to 10 MB each. The first image is the main one."
    >
      {fields.length ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Images">
          {fields.map((field, index) => (
            <li key={field.id} className="grid gap-2 rounded-md border border-border p-2">
              <img
                src={field.url}
                alt={`Image ${index + 1}${index === 0 ? ' (main)' : ''}`}
                className="aspect-square w-full rounded object-cover"
              />
              <div className="flex justify-between gap-1">
                <Button
                  id={`image-${index}-up`}
                  variant="outline"
                  size="icon"
                  aria-label={`Move image ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => moveTo(index, index - 1, 'up')}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  id={`image-${index}-down`}
                  variant="outline"
                  size="icon"
                  aria-label={`Move image ${index + 1} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => moveTo(index, index + 1, 'down')}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No images yet.</p>
      )}
      <div className="grid gap-2">
        <Label htmlFor="product-image-file">Upload images</Label>
        <input
          ref={input}
          id="product-image-file"
          type="file"
          multiple
          accept={imageTypes.join(',')}
          onChange={onFiles}
          aria-describedby={problems.length ? 'product-image-problems' : undefined}
          className="text-sm file:mr-3 file:inline-flex file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
        />
        {uploading > 0 ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <ImagePlus aria-hidden="true" className="size-4" /> Uploading {uploading}{' '}
            {uploading === 1 ? 'image' : 'images'}…
          </p>
        ) : null}
        {problems.length ? (
          <ul
            id="product-image-problems"
            role="alert"
            className="grid gap-1 text-sm text-destructive"
          >
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        <ListError id="product-images-error" message={listError} />
      </div>
    </FormSection>
  );
}
