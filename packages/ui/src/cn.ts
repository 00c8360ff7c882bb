import { clsx, type ClassValue } from 'clsx';

/**
 * Join class lists. No tailwind-merge (about 9 KB gzip on the entry): components put overridable
 * utilities in variants, and callers add classes rather than contradict them.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
