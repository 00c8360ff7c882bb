import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { get, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  categoryFormSchema,
  categoryNameSchema,
  type AdminCategory,
  type CategoryForm,
} from '@store/contracts/admin/categories';
import { imageTypes } from '@store/contracts/admin/products';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError, Label } from '@store/ui/label';
import { applyServerErrors, errorMessage } from '@/lib/api-client';
import { imageFileProblem, uploadImage } from '@/lib/images';

/** The parents are typed as one line, "Stationery, Office": the API's list, split at commas. */
const formSchema = z.object({
  name: categoryNameSchema,
  imageUrl: categoryFormSchema.shape.imageUrl,
  parentCategories: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(categoryFormSchema.shape.parentCategories),
});
type Values = z.input<typeof formSchema>;

/** Create or edit a category: Name, Image (upload or URL), Parent categories; Save category. */
export function CategoryFormView({
  category,
  onSave,
  upload = uploadImage,
}: {
  category?: AdminCategory;
  onSave: (form: CategoryForm) => Promise<unknown>;
  upload?: typeof uploadImage;
}) {
  const form = useForm<Values, unknown, CategoryForm>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: category?.name ?? '',
      imageUrl: category?.imageUrl ?? '',
      parentCategories: category?.parentCategories.join(', ') ?? '',
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' });
  const idBase = category ? `category-${category.id}` : 'category-new';

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setImageProblem(null);
    if (!file) return;
    const refused = imageFileProblem(file);
    if (refused) return setImageProblem(refused);
    setUploading(true);
    try {
      const image = await upload(file);
      form.setValue('imageUrl', image.url, { shouldDirty: true });
    } catch (error) {
      setImageProblem(`${file.name}: ${errorMessage(error)}`);
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSave(values);
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, ['name', 'imageUrl', 'parentCategories']));
    }
  });

  // a message for one parent ("parentCategories.1") shows under the one field
  const parentsError = (errors: typeof form.formState.errors) => {
    const e = get(errors, 'parentCategories') as
      { message?: string } | ({ message?: string } | undefined)[] | undefined;
    return Array.isArray(e) ? e.find((x) => x?.message)?.message : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <HookFormField form={form} name="name" id={`${idBase}-name`} label="Name">
        {(control) => <Input autoComplete="off" {...control} />}
      </HookFormField>
      <div className="grid gap-2">
        <HookFormField
          form={form}
          name="imageUrl"
          id={`${idBase}-image-url`}
          label="Image URL"
          hint="Upload an image below, or paste the address of one."
        >
          {(control) => <Input type="url" autoComplete="off" {...control} />}
        </HookFormField>
        {imageUrl ? (
          <img
            src={imageUrl}
            alt="The category's image"
            className="h-24 w-24 rounded border border-border object-cover"
          />
        ) : null}
        <Label htmlFor={`${idBase}-image-file`}>Upload image</Label>
        <input
          id={`${idBase}-image-file`}
          type="file"
          accept={imageTypes.join(',')}
          onChange={onFile}
          aria-describedby={imageProblem ? `${idBase}-image-problem` : undefined}
          className="text-sm file:mr-3 file:inline-flex file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
        />
        {uploading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Uploading…
          </p>
        ) : null}
        {imageProblem ? (
          <p id={`${idBase}-image-problem`} role="alert" className="text-sm text-destructive">
            {imageProblem}
          </p>
        ) : null}
      </div>
      <HookFormField
        form={form}
        name="parentCategories"
        id={`${idBase}-parents`}
        label="Parent categories"
        hint="Names separated by commas, e.g. Stationery, Office"
        fallbackError={parentsError(form.formState.errors)}
      >
        {(control) => <Input autoComplete="off" {...control} />}
      </HookFormField>
      <FieldError className="font-medium">{problem}</FieldError>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting || uploading}>
          Save category
        </Button>
      </div>
    </form>
  );
}
