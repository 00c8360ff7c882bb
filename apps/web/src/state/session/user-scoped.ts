/** Queries holding a user's private data set `meta: { userScoped: true }`; they are dropped on sign in/out. */
export const USER_SCOPED_META = { userScoped: true } as const;

/** The `removeQueries` predicate for those queries (no TanStack import: the session is on the entry). */
export function isUserScopedQuery(query: { meta?: Record<string, unknown> }): boolean {
  return query.meta?.userScoped === true;
}
