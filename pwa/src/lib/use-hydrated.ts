import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in prerendered markup and while React hydrates it, true from then on (and at once in a page
 * rendered in the browser): for controls that must wait for the app, e.g. a form that would
 * otherwise submit natively, or lose what was typed, before its handlers are attached.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
