import { afterEach, describe, expect, it } from 'vitest';
import { sessionFixture } from '@/test/fixtures';
import { clearSession, getSession, joinOtherTabs, reloadSession, setSession } from './session';

/** Another back-office tab of the same browser: the channel the app's tabs share. */
function otherTab() {
  const channel = new BroadcastChannel('admin_session');
  const heard: unknown[] = [];
  channel.onmessage = (event) => heard.push(event.data);
  return { channel, heard };
}

const tabsOpen: BroadcastChannel[] = [];
afterEach(() => {
  tabsOpen.splice(0).forEach((c) => c.close());
  window.sessionStorage.clear();
  reloadSession();
});

describe('a back-office tab opened from a signed-in one', () => {
  it('takes the session of an open tab instead of asking to sign in again', async () => {
    window.sessionStorage.clear();
    reloadSession();
    const open = otherTab();
    tabsOpen.push(open.channel);
    const session = sessionFixture('staff');
    open.channel.onmessage = (event) => {
      if ((event.data as { kind: string }).kind === 'asking')
        open.channel.postMessage({ kind: 'session', session });
    };
    await joinOtherTabs(2_000);
    expect(getSession()?.token).toBe(session.token);
    expect(JSON.parse(window.sessionStorage.getItem('admin_session')!).token).toBe(session.token);
  });

  it('asks to sign in when no tab is open (after a short wait)', async () => {
    window.sessionStorage.clear();
    reloadSession();
    const started = Date.now();
    await joinOtherTabs(100);
    expect(getSession()).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers a new tab, and signs out with the other tabs', async () => {
    const mine = sessionFixture('owner');
    setSession(mine);
    await joinOtherTabs(); // joins the channel (it has a session: nothing to ask)
    const fresh = otherTab();
    tabsOpen.push(fresh.channel);
    fresh.channel.postMessage({ kind: 'asking' });
    await expect.poll(() => fresh.heard).toContainEqual({ kind: 'session', session: mine });

    fresh.channel.postMessage({ kind: 'signed-out' });
    await expect.poll(() => getSession()).toBeNull();
  });

  it('tells the other tabs when it signs out', async () => {
    setSession(sessionFixture('owner'));
    await joinOtherTabs();
    const open = otherTab();
    tabsOpen.push(open.channel);
    clearSession();
    await expect.poll(() => open.heard).toContainEqual({ kind: 'signed-out' });
  });
});
