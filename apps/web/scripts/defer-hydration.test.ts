import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { deferHydration } from "./defer-hydration.mjs";

/** The shape React Router 8 prerenders for a page that hydrates (trimmed). */
const page = (moduleScript: string) =>
  [
    '<!DOCTYPE html><html lang="th"><head><title>เข้าสู่ระบบ</title>',
    '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
    '<link rel="modulepreload" href="/assets/login-3.js"/><link rel="stylesheet" href="/assets/root.css"/></head>',
    '<body><form><input name="u"/></form>',
    '<script>window.__reactRouterContext = {"ssr":false};</script>',
    `<script type="module" async="">${moduleScript}</script></body></html>`,
  ].join("");

const ROUTER_SCRIPT = [
  'import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-4.js";',
  'import * as route1_main from "/assets/login-3.js";',
  "const route1 = {...route1_main};",
  '  window.__reactRouterRouteModules = {"root":route0,"th:login":route1};',
  "",
  'import("/assets/entry.client-2.js");',
].join("\n");

describe("deferHydration", () => {
  const out = deferHydration(page(ROUTER_SCRIPT));

  it("leaves nothing for the browser to fetch before the first paint", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toMatch(/^\s*import\s/m);
    expect(out).not.toContain('async=""');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(out).toContain('<form><input name="u"/></form>');
  });

  it("starts every module after the load event, preloads included, and keeps the route table", () => {
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";
    expect(script).toContain('addEventListener("load"');
    for (const src of ["/assets/manifest-1.js", "/assets/entry.client-2.js", "/assets/login-3.js"]) {
      expect(script).toContain(JSON.stringify(src));
    }
    expect(script).toContain('import("/assets/root-4.js")');
    expect(script).toContain("const [,route0,route1_main]=await Promise.all(");
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"th:login":route1}');
    // The entry (which hydrates) runs last, after the route modules are in place.
    expect(script.indexOf('import("/assets/entry.client-2.js")')).toBeGreaterThan(
      script.indexOf("__reactRouterRouteModules"),
    );
    // It is valid JavaScript.
    expect(() => new Function(script)).not.toThrow();
  });

  it("is idempotent, and leaves pages that do not hydrate alone", () => {
    expect(deferHydration(out)).toBe(out);
    const marketing =
      '<html><head></head><body><script type="module" src="/assets/enhance.js"></script></body></html>';
    expect(deferHydration(marketing)).toBe(marketing);
  });

  it("fails the build on a module script it does not understand", () => {
    expect(() => deferHydration(page('import { x } from "/assets/a.js";\nimport("/assets/e.js");'))).toThrow(
      /unknown import form/,
    );
    expect(() => deferHydration(page('import "/assets/manifest-1.js";\nconsole.log(1);'))).toThrow(
      /entry import/,
    );
  });
});
