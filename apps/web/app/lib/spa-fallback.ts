import { createContext, useContext } from "react";

/**
 * Whether this render is the SPA fallback, the one HTML file every app page that is not
 * prerendered starts from (React Router renders it at "/", so it matches the home page). Told by
 * entry.server.tsx from the public `EntryContext.isSpaMode` while the build prerenders; null in
 * the browser, which only ever runs a page that hydrates (docs/decisions/0090-web-internals-openapi-and-pollers.md).
 */
export const SpaFallbackContext = createContext<boolean | null>(null);

/**
 * A route whose handle says `{ hydrate: false }` is shipped as static HTML without React's
 * scripts (marketing pages, see docs/decisions/0003-marketing-js-budget.md): answers whether this
 * page keeps them. In the browser always (a page without scripts never runs this), and while
 * prerendering the SPA fallback, which must start the app whatever its matches say.
 */
export function useHydrate(matches: readonly { handle?: unknown }[]): boolean {
  const spaFallback = useContext(SpaFallbackContext);
  if (spaFallback !== false) return true;
  return !matches.some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}
