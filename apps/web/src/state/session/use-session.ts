import { login, logout, useSessionStore, type SessionUser } from './session-store';

export interface Session {
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** true until the cookie has been read; protected routes render nothing meanwhile */
  isLoading: boolean;
  /** store the token cookie (30 days) and remember the email */
  login: (email: string, token: string) => void;
  /** delete the cookie, forget user data, toast the result */
  logout: () => void;
}

export function useSession(): Session {
  const user = useSessionStore((state) => state.user);
  // the cookie is read when the store is created, before the first render
  return { user, isLoggedIn: user !== null, isLoading: false, login, logout };
}
