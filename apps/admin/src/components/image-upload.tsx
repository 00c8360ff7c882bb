import { useState, type ChangeEvent } from 'react';
import { imageTypes } from '@store/contracts/admin/products';
import { Label } from '@store/ui/label';
import { errorMessage } from '@/lib/api-client';
import { imageFileProblem, uploadImage } from '@/lib/images';

/**
 * An image chosen from the computer, checked (type, size) and uploaded like product images; its
 * address is handed to `onUploaded` (the field beside it keeps it). The same file may be chosen
 * again after a failure: the input is cleared once read.
 */
export function ImageUpload({
  id,
  label = 'Upload image',
  onUploaded,
  onUploadingChange,
  upload = uploadImage,
}: {
  id: string;
  label?: string;
  onUploaded: (url: string) => void;
  /** told when an upload starts and ends (a form keeps Save off meanwhile) */
  onUploadingChange?: (uploading: boolean) => void;
  upload?: typeof uploadImage;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploadingState] = useState(false);
  const setUploading = (busy: boolean) => {
    setUploadingState(busy);
    onUploadingChange?.(busy);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setProblem(null);
    if (!file) return;
    const refused = imageFileProblem(file);
    if (refused) return setProblem(refused);
    setUploading(true);
    try {
      onUploaded((await upload(file)).url);
    } catch (error) {
      setProblem(`${file.name}: ${errorMessage(error)}`);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={imageTypes.join(',')}
        onChange={onFile}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="text-sm file:mr-3 file:inline-flex file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
      />
      {uploading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Uploading…
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
