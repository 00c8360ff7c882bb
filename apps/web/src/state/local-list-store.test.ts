import { afterEach, describe, expect, it } from 'vitest';
import { createLocalListStore } from './local-list-store';

const asStrings = (raw: unknown) =>
  Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];

describe('a list kept in localStorage', () => {
  afterEach(() => localStorage.clear());

  it('starts from what storage holds', () => {
    localStorage.setItem('test-list', JSON.stringify(['a', 'b']));
    expect(createLocalListStore('test-list', asStrings).getState().items).toEqual(['a', 'b']);
  });

  it('keeps its first state when storage holds none, so a server-rendered page does not draw again', () => {
    // the screens reading the list hydrate against the initial state; a new (empty) list would
    // re-render every one of them right after hydration, for nothing
    const store = createLocalListStore('test-list', asStrings);
    expect(store.getState()).toBe(store.getInitialState());
  });
});
