import { describe, expect, it } from "vitest";
import { preloadRouteModules, type RouteManifest, routeModulesFor } from "./route-preload";

/** The shape React Router's build gives `window.__reactRouterManifest` (routes by id, parent ids, imports). */
const manifest: RouteManifest = {
  routes: {
    root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/react.js"] },
    "th:layout:admin": {
      id: "th:layout:admin",
      parentId: "root",
      module: "/assets/layout.js",
      imports: ["/assets/shell.js", "/assets/react.js"],
    },
    "th:dashboard": {
      id: "th:dashboard",
      parentId: "th:layout:admin",
      path: "/dashboard",
      module: "/assets/dashboard.js",
      imports: ["/assets/chart.js"],
    },
    "th:contacts.edit": {
      id: "th:contacts.edit",
      parentId: "th:layout:admin",
      path: "/contacts/:id/edit",
      module: "/assets/contact-edit.js",
    },
    "en:dashboard": {
      id: "en:dashboard",
      parentId: "root",
      path: "/en/dashboard",
      module: "/assets/dashboard.js",
    },
  },
};

/** /dashboard's modules in order: root, layout, page, each followed by its imports, each once. */
const DASHBOARD = [
  "/assets/root.js",
  "/assets/react.js",
  "/assets/layout.js",
  "/assets/shell.js",
  "/assets/dashboard.js",
  "/assets/chart.js",
];

describe("routeModulesFor", () => {
  it("gives the matched routes' modules and every import, each once, root first", () => {
    expect(routeModulesFor(manifest, "/dashboard")).toEqual(DASHBOARD);
    expect(routeModulesFor(manifest, "/contacts/12/edit")).toContain("/assets/contact-edit.js");
  });

  it("gives nothing for a path no route matches", () => {
    expect(routeModulesFor(manifest, "/no/such/page")).toEqual([]);
  });
});

describe("preloadRouteModules", () => {
  it("adds a modulepreload link for each module not already preloaded", () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/root.js">';
    window.history.replaceState(null, "", "/dashboard");
    (window as { __reactRouterManifest?: RouteManifest }).__reactRouterManifest = manifest;
    try {
      expect(preloadRouteModules()).toBe(5);
      const hrefs = [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute("href"),
      );
      expect(hrefs).toEqual(DASHBOARD);
      // Twice is harmless.
      expect(preloadRouteModules()).toBe(0);
    } finally {
      delete (window as { __reactRouterManifest?: RouteManifest }).__reactRouterManifest;
      document.head.innerHTML = "";
    }
  });

  it("does nothing without React Router's manifest", () => {
    expect(preloadRouteModules()).toBe(0);
  });
});
