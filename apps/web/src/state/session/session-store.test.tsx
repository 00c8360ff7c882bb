import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_CLEARED_EVENT } from '@/lib/cookies';
import { clearAuthToken, setAuthToken } from '@/lib/cookies';
import { writeFromOtherTab } from '@/test/other-tab';
import { reloadSharedState } from '@/test/shared-state';
import { SESSION_CHANGED_KEY, setForgetUserData } from './session-store';
import { login, logout } from './sign-in-out';
import { useSession } from './use-session';

/** This tab as the navigation bar shows it: My Account when signed in, else Login. */
function AccountLink() {
  const { isLoggedIn, user } = useSession();
  return isLoggedIn ? <a href="/account">My Account {user?.email}</a> : <a href="/login">Login</a>;
}

const pinged = () => localStorage.getItem(SESSION_CHANGED_KEY);

describe('session in two tabs', () => {
  const forgetUserData = vi.fn();
  beforeEach(() => setForgetUserData(forgetUserData));
  afterEach(() => {
    setForgetUserData(undefined);
    forgetUserData.mockClear();
  });

  it('a login in another tab signs this tab in', () => {
    reloadSharedState();
    render(<AccountLink />);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    // the tabs share the cookie; the other tab's login sets it, then pings
    setAuthToken('token-of-the-other-tab');
    writeFromOtherTab(SESSION_CHANGED_KEY, 'ping');
    expect(screen.getByRole('link', { name: 'My Account' })).toBeInTheDocument();
    expect(forgetUserData).toHaveBeenCalledTimes(1);
  });

  it("a logout in another tab signs this tab out and drops the user's cached data", () => {
    setAuthToken('token');
    reloadSharedState();
    forgetUserData.mockClear();
    render(<AccountLink />);
    expect(screen.getByRole('link', { name: 'My Account' })).toBeInTheDocument();
    clearAuthToken();
    writeFromOtherTab(SESSION_CHANGED_KEY, 'ping');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(forgetUserData).toHaveBeenCalledTimes(1);
  });

  it('a ping that changes nothing here keeps the signed-in user and their data', () => {
    render(<AccountLink />);
    act(() => login('asha@example.in', 'token'));
    forgetUserData.mockClear();
    writeFromOtherTab(SESSION_CHANGED_KEY, 'ping');
    expect(screen.getByRole('link', { name: 'My Account asha@example.in' })).toBeInTheDocument();
    expect(forgetUserData).not.toHaveBeenCalled();
  });

  it('logging in, logging out and a 401 here each tell the other tabs', () => {
    login('asha@example.in', 'token');
    const afterLogin = pinged();
    expect(afterLogin).not.toBeNull();
    logout();
    const afterLogout = pinged();
    expect(afterLogout).not.toBe(afterLogin);
    login('asha@example.in', 'token');
    const beforeUnauthorized = pinged();
    window.dispatchEvent(new Event(AUTH_CLEARED_EVENT));
    expect(pinged()).not.toBe(beforeUnauthorized);
  });
});
