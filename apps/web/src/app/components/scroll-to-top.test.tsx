import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

let navigate: ReturnType<typeof useNavigate>;
function Navigator() {
  navigate = useNavigate();
  return null;
}

describe('scroll to top', () => {
  it('scrolls on a route change, not when the page first renders (a hydrating page keeps its scroll)', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/products']}>
        <ScrollToTop />
        <Navigator />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void navigate('/product/abc'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => void navigate('/products?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    scrollTo.mockRestore();
  });
});
