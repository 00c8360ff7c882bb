import { vi } from 'vitest';

/**
 * Catches what downloadFile (lib/download.ts) saves: the names of the files, in order. jsdom has
 * no object URLs and would navigate on the link's click. Restore with vi.restoreAllMocks().
 */
export function catchSavedFiles(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}
