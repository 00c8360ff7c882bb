import { useSessionStore, type SessionUser } from './session-store';

export interface Session {
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** true until the cookie has been read; protected routes render nothing meanwhile */
  isLoading: boolean;
}

/** Who is signed in; signing in and out are `login` and `logout` of sign-in-out.ts. */
export function useSession(): Session {
  const user = useSessionStore((state) => state.user);
  // the cookie is read when the store is created, before the first render
  return { user, isLoggedIn: user !== null, isLoading: false };
}
