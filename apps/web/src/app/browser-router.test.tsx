import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter } from './browser-router';

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <p>showing {pathname}</p>
      <Link to="/slow">slow page</Link>
      <Link to="/fast">fast page</Link>
    </>
  );
}

/** A screen's code that arrives when the test says so. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The router over <Page>, where only /slow has code to wait for: `slowCode` (a promise). */
function renderRouter(slowCode: Promise<void>) {
  render(
    <BrowserRouter load={(location) => (location.pathname === '/slow' ? slowCode : null)}>
      <Page />
    </BrowserRouter>,
  );
}

describe('the browser router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("keeps the page on screen until the next page's code has loaded, with the address already changed", async () => {
    const slow = deferred();
    renderRouter(slow.promise);
    await userEvent.click(screen.getByRole('link', { name: 'slow page' }));
    expect(window.location.pathname).toBe('/slow');
    expect(screen.getByText('showing /')).toBeInTheDocument();
    await act(async () => slow.resolve());
    expect(screen.getByText('showing /slow')).toBeInTheDocument();
  });

  it('shows the last page asked for when a second tap comes before the first page has loaded', async () => {
    const slow = deferred();
    renderRouter(slow.promise);
    await userEvent.click(screen.getByRole('link', { name: 'slow page' }));
    await userEvent.click(screen.getByRole('link', { name: 'fast page' }));
    expect(screen.getByText('showing /fast')).toBeInTheDocument();
    await act(async () => slow.resolve());
    expect(screen.getByText('showing /fast')).toBeInTheDocument();
  });

  it('moves on when the code fails to load, so the screen can say so', async () => {
    const slow = deferred();
    renderRouter(slow.promise.then(() => Promise.reject(new Error('offline'))));
    await userEvent.click(screen.getByRole('link', { name: 'slow page' }));
    await act(async () => slow.resolve());
    expect(screen.getByText('showing /slow')).toBeInTheDocument();
  });
});
