import type { Config } from "@react-router/dev/config";
import { LOCALES, localizePath, prerenderPaths, routeByKey } from "@sms/domain/routes";
// @ts-expect-error: a plain .mjs build script without type declarations (as its tests import it)
import { postBuild } from "./scripts/post-build.mjs";

/**
 * Where every user starts: prerendered so the form paints before the app's code arrives, then
 * hydrated (unlike the marketing pages, which stay static).
 */
export const ENTRY_PAGES = ["login", "register", "forgot"] as const;

const entryPaths = ENTRY_PAGES.flatMap((key) => {
  const route = routeByKey(key);
  if (!route) throw new Error(`unknown entry page ${key}`);
  return LOCALES.map((locale) => localizePath(route.path, locale));
});

export default {
  appDirectory: "app",
  ssr: false,
  // Marketing and entry pages are static HTML in both locales; everything else hydrates from the SPA fallback.
  prerender: [...prerenderPaths(), ...entryPaths],
  // After the build and the prerender: the entry pages hydrate after load (ADR 9), the sitemap.
  buildEnd: ({ reactRouterConfig }) => postBuild(reactRouterConfig.buildDirectory),
} satisfies Config;
