import { useLayoutEffect, type RefObject } from 'react';

/**
 * Text the shopper typed into the server's HTML of a box before the box's part hydrated (its code
 * comes later than the page's on a slow phone): the box keeps the text, but the component's state
 * starts from the server's value, and its next render would write that over the text. Hands the
 * text to `take` once, in the hydrating commit, before any later render; the shopper's typing
 * wins over anything the state would fill in afterwards.
 */
export function useTypedBeforeHydration(
  input: RefObject<HTMLInputElement | null>,
  stateValue: string,
  take: (typed: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed && typed !== stateValue) take(typed);
    // only what the hydrating render found: afterwards the state leads the box
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
