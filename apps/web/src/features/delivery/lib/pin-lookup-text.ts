import { ApiError, serverErrorText } from '@/lib/api-client';

/** What to say when a look-up failed: the server's words for an unknown PIN, else a retry hint. */
export function pinLookupErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return serverErrorText(error) ?? error.message;
  }
  return 'We could not check this PIN code just now. Please try again.';
}
