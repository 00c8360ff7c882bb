import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '@store/ui/toast';
import { AUTH_CLEARED_EVENT } from '@/lib/api-client';
import { clearAuthToken, getAuthToken, setAuthToken } from '@/lib/cookies';

/**
 * The client knows only the email typed at login (spec section 3). After a reload the cookie is
 * all there is, so the user is a placeholder with an empty email.
 */
export interface SessionUser {
  email: string;
}

export interface SessionContextValue {
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** true until the cookie has been read; protected routes render nothing meanwhile */
  isLoading: boolean;
  /** store the token cookie (30 days) and remember the email */
  login: (email: string, token: string) => void;
  /** delete the cookie, forget user data, toast the result */
  logout: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** Queries holding a user's private data set `meta: { userScoped: true }`; they are dropped on sign in/out. */
export const USER_SCOPED_META = { userScoped: true } as const;

/** The `removeQueries` predicate for those queries (no TanStack import: the provider is on the entry). */
export function isUserScopedQuery(query: { meta?: Record<string, unknown> }): boolean {
  return query.meta?.userScoped === true;
}

function userFromCookie(): SessionUser | null {
  return getAuthToken() ? { email: '' } : null;
}

export interface SessionProviderProps {
  children: ReactNode;
  /**
   * Drops the cached private data (the query client's user-scoped queries) on login, logout and
   * 401; it must act synchronously. The query client is not on the entry chunk, so the app passes
   * this in rather than the provider reading the query client from context.
   */
  onForgetUserData?: () => void;
}

export function SessionProvider({ children, onForgetUserData }: SessionProviderProps) {
  const [user, setUser] = useState<SessionUser | null>(userFromCookie);
  const onForgetRef = useRef(onForgetUserData);
  useEffect(() => {
    onForgetRef.current = onForgetUserData;
  }, [onForgetUserData]);

  const forgetUserData = useCallback(() => {
    onForgetRef.current?.();
  }, []);

  // A 401 from any call deletes the cookie (api client); follow it here.
  useEffect(() => {
    const onCleared = () => {
      setUser(null);
      forgetUserData();
    };
    window.addEventListener(AUTH_CLEARED_EVENT, onCleared);
    return () => window.removeEventListener(AUTH_CLEARED_EVENT, onCleared);
  }, [forgetUserData]);

  const login = useCallback(
    (email: string, token: string) => {
      forgetUserData();
      setAuthToken(token);
      setUser({ email });
    },
    [forgetUserData],
  );

  const logout = useCallback(() => {
    try {
      clearAuthToken();
      forgetUserData();
      setUser(null);
      toast.success('You have been logged out successfully.');
    } catch (error) {
      console.error(error);
      toast.error('Failed to log out properly.');
    }
  }, [forgetUserData]);

  const value = useMemo<SessionContextValue>(
    () => ({ user, isLoggedIn: user !== null, isLoading: false, login, logout }),
    [user, login, logout],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
