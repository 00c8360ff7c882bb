import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

/** A screen's code that arrives when the test says so. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function Home() {
  return (
    <>
      <p>the home page</p>
      <Link to="/slow">slow page</Link>
    </>
  );
}

/**
 * The browser's router as app/start.tsx uses it (React Router's BrowserRouter) over screens made by
 * lazyModule under the layout's Suspense fallback.
 */
function renderApp(slowCode: Promise<void>) {
  const Slow = lazyModule(['slow'], () => slowCode.then(() => () => <p>the slow page</p>));
  render(
    <BrowserRouter>
      <Suspense fallback={<p>Loading…</p>}>
        <Routes>
          <Route index element={<Home />} />
          <Route path="slow" element={<Slow />} />
        </Routes>
      </Suspense>
    </BrowserRouter>,
  );
}

describe('moving to a page whose code has not loaded', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps the page on screen, not the fallback, with the address already changed', async () => {
    const slow = deferred();
    renderApp(slow.promise);
    await userEvent.click(screen.getByRole('link', { name: 'slow page' }));
    expect(window.location.pathname).toBe('/slow');
    expect(screen.getByText('the home page')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    await act(async () => slow.resolve());
    expect(await screen.findByText('the slow page')).toBeInTheDocument();
    expect(screen.queryByText('the home page')).not.toBeInTheDocument();
  });
});
