import { IMAGE_MAX_BYTES, imageTypes } from '@store/contracts/admin/products';

/**
 * The check before an upload, so a wrong file is refused at once without sending 10 MB. The server
 * still decides by the file's bytes (a renamed .txt passes here by type only if the browser says so).
 */
export function imageFileProblem(file: File): string | null {
  if (!(imageTypes as readonly string[]).includes(file.type))
    return `${file.name} is not a JPEG, PNG or WebP image`;
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than 10 MB`;
  if (file.size === 0) return `${file.name} is empty`;
  return null;
}
