import { preloadRouteModules } from "./route-preload";
import { signInRedirect } from "./session";

/**
 * The first thing the app does in the browser (root.tsx imports this module before anything else):
 * an app or back-office page opened without a stored session goes straight to the prerendered
 * /login, before the language catalogs and the page's code are fetched. Without it the layout's
 * clientLoader redirected only once the router had loaded the whole page, 2 s on a quiet machine
 * and over 7 s on a busy one. The clientLoaders stay the guard for navigations inside the app.
 */
export function redirectWithoutSession(
  location: Pick<Location, "pathname" | "search" | "replace"> = window.location,
): boolean {
  const to = signInRedirect(`${location.pathname}${location.search}`);
  if (to) location.replace(to);
  return to !== null;
}

// A page that stays asks for all of its code at once (route-preload.ts), beside the language catalogue.
if (typeof window !== "undefined" && import.meta.env.MODE !== "test" && !redirectWithoutSession())
  preloadRouteModules();
