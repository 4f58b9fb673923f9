import { act } from "@testing-library/react";

type Listener = (event: { matches: boolean }) => void;

/**
 * window.matchMedia for jsdom (which has none) at a chosen window width: it answers `min-width` and
 * `max-width` queries in px, and `setWidth` fires the change listeners as a rotated phone would.
 * `restore` removes it.
 */
export function installMatchMedia(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Map<string, Set<Listener>>();
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_: string, listener: Listener) => {
        if (!listeners.has(query)) listeners.set(query, new Set());
        listeners.get(query)?.add(listener);
      },
      removeEventListener: (_: string, listener: Listener) => listeners.get(query)?.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    setWidth(next: number) {
      act(() => {
        width = next;
        for (const [query, set] of listeners)
          for (const listener of set) listener({ matches: matches(query) });
      });
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
