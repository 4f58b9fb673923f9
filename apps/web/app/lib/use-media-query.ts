import { useSyncExternalStore } from "react";

/** Below Tailwind's `sm` (640 px): a phone held upright, where lists become cards and filters fold. */
export const PHONE_QUERY = "(max-width: 639.98px)";

/**
 * Whether a media query matches now, updated when it changes (rotation, a resized window). Where
 * the browser has no matchMedia (jsdom) nothing matches: the desktop layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** True on a phone-width screen (PHONE_QUERY). */
export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
