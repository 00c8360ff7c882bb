import { ApiError, serverErrorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** Section 8 login failure: server's error, else no-response, else the default. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.noResponse) return 'No response from server. Please try again later.';
    return serverErrorText(error) ?? 'Failed to login. Please check your credentials.';
  }
  return error instanceof Error && error.message
    ? error.message
    : 'Failed to login. Please check your credentials.';
}

export function registerErrorMessage(error: unknown): string {
  return serverErrorText(error) ?? 'Failed to register. Please try again.';
}

/** Where to go after login: the origin the protected route remembered, else home. */
export function returnPath(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (typeof from === 'string')
    return from.startsWith('/') && !from.startsWith('//') ? from : paths.home;
  if (
    from &&
    typeof from === 'object' &&
    typeof (from as { pathname?: unknown }).pathname === 'string'
  ) {
    const { pathname, search, hash } = from as { pathname: string; search?: string; hash?: string };
    if (pathname === paths.login) return paths.home;
    return `${pathname}${search ?? ''}${hash ?? ''}`;
  }
  return paths.home;
}
