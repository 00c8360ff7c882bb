import { IMAGE_MAX_BYTES, imageTypes, type UploadedImage } from '@store/contracts/admin/products';
import { adminRequest } from './api-client';

/**
 * The check before an upload (a product's images, a category's image), so a wrong file is refused
 * at once without sending 10 MB. The server still decides by the file's bytes (a renamed .txt
 * passes here by type only if the browser says so).
 */
export function imageFileProblem(file: File): string | null {
  if (!(imageTypes as readonly string[]).includes(file.type))
    return `${file.name} is not a JPEG, PNG or WebP image`;
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than 10 MB`;
  if (file.size === 0) return `${file.name} is empty`;
  return null;
}

/** POST /admin/images: the file itself as the body, with its own Content-Type. */
export const uploadImage = (file: File) =>
  adminRequest<UploadedImage>('/images', { method: 'POST', body: file });
