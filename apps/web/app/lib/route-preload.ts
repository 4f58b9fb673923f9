import { matchRoutes, type RouteObject } from "react-router";

/**
 * The page's own code, asked for at once (ADR 126). React Router loads a route's module with a bare
 * `import()` once the app's code has run, and the browser then finds that module's imports one level
 * at a time: the back office's first page waited on six round trips after the root (measured on
 * localhost: its modules arrived from 380 to 569 ms, behind the language catalogue; on a phone each
 * level is a network round trip). The manifest React Router builds lists every route's module and
 * all of its imports, so the matched routes' whole graph is preloaded here, beside the catalogue.
 *
 * The manifest is React Router's own global (`window.__reactRouterManifest`), not a public API:
 * route-preload.test.ts holds its shape, and foundation.spec.ts checks against the real build that a
 * page's own module is preloaded from here (`data-route-preload`), so an upgrade that changes it fails.
 */

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
}
export interface RouteManifest {
  routes: Record<string, ManifestRoute>;
}

/** The modules, and everything they import, of the routes that match `pathname`. */
export function routeModulesFor(manifest: RouteManifest, pathname: string): string[] {
  const routes = Object.values(manifest.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) },
      );
  const matches = matchRoutes(tree(undefined), pathname) ?? [];
  const modules = matches.flatMap(({ route }) => {
    const entry = route.id ? manifest.routes[route.id] : undefined;
    return entry ? [entry.module, ...(entry.imports ?? [])] : [];
  });
  return [...new Set(modules)];
}

/** Adds a `modulepreload` link for each module of the page not already preloaded. */
export function preloadRouteModules(doc: Document = document): number {
  const manifest = (doc.defaultView as { __reactRouterManifest?: RouteManifest } | null)
    ?.__reactRouterManifest;
  if (!manifest?.routes) return 0;
  const preloaded = new Set(
    [...doc.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")),
  );
  let added = 0;
  for (const href of routeModulesFor(manifest, doc.location.pathname)) {
    if (preloaded.has(href)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.dataset.routePreload = "";
    doc.head.appendChild(link);
    added++;
  }
  return added;
}
