import type { AccountInfo } from '@store/contracts/users';

export type AccountDetails = Partial<
  Pick<AccountInfo, 'firstName' | 'lastName' | 'email' | 'createdAt' | 'phone'>
>;

/** GET /accountInfo answers { data: {...} } or the object itself (spec section 3). */
export function unwrapAccountInfo(body: unknown): AccountDetails {
  if (!body || typeof body !== 'object') return {};
  const inner = 'data' in body ? (body as { data: unknown }).data : body;
  if (!inner || typeof inner !== 'object') return {};
  const record = inner as Record<string, unknown>;
  const text = (key: keyof AccountDetails) =>
    typeof record[key] === 'string' ? (record[key] as string) : undefined;
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    createdAt: text('createdAt'),
    phone: text('phone'),
  };
}

export function accountFullName(info: AccountDetails): string {
  return [info.firstName, info.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Section 8: 'Failed to load account information' with the status code appended, or
 * '(No response received)', or the error's message.
 */
export function accountLoadErrorMessage(error: unknown): string {
  const base = 'Failed to load account information';
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return error.status === 0
      ? `${base} (No response received)`
      : `${base} (status ${error.status})`;
  }
  return error instanceof Error && error.message ? `${base}: ${error.message}` : base;
}
