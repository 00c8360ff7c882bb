import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { get, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  categoryFormSchema,
  categoryNameSchema,
  type AdminCategory,
  type CategoryForm,
} from '@store/contracts/admin/categories';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError } from '@store/ui/label';
import { ImageUpload } from '@/components/image-upload';
import { applyServerErrors } from '@/lib/api-client';
import { uploadImage } from '@/lib/images';

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
  const [uploading, setUploading] = useState(false);
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' });
  const idBase = category ? `category-${category.id}` : 'category-new';

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
        <ImageUpload
          id={`${idBase}-image-file`}
          upload={upload}
          onUploadingChange={setUploading}
          onUploaded={(url) => form.setValue('imageUrl', url, { shouldDirty: true })}
        />
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
