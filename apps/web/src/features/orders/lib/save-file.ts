/**
 * Saves a downloaded file the way a link with a download attribute does: the browser's own
 * "save" for a blob URL, which is released soon after.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // some browsers read the blob after the click returns: let it go a little later
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
