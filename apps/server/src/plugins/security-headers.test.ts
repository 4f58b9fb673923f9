import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { inlineScriptHashes } from "./security-headers.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const CONSENT = `(function(){document.getElementById("x").hidden=true})()`;
const CONTEXT = `window.__reactRouterContext = {"ssr":false,"text":"สวัสดี"};`;
const MODULE = `import "/assets/manifest.js";\n  import("/assets/entry.client.js");`;

/** Parses a CSP header into directive → sources. */
function directives(header: string | undefined): Record<string, string[]> {
  expect(header).toBeTypeOf("string");
  return Object.fromEntries(
    (header as string)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe("inlineScriptHashes", () => {
  it("hashes every inline script, exactly as written, and skips external ones", () => {
    const html = `<head><script>${CONSENT}</script><script type="module" src="/assets/a.js"></script></head>
      <body><script type="module" async="">${MODULE}</script><SCRIPT>${CONTEXT}</SCRIPT></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(CONSENT), sha256(MODULE), sha256(CONTEXT)]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});

describe("Content-Security-Policy", () => {
  let t: TestContext;
  let dist: string;
  const write = (rel: string, body: string) => {
    mkdirSync(join(dist, rel, ".."), { recursive: true });
    writeFileSync(join(dist, rel), body);
  };
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "web-dist-csp-"));
    write(
      "index.html",
      `<html><script>${CONSENT}</script><script type="module" src="/assets/e.js"></script>`,
    );
    write("en/index.html", `<html><script type="module" src="/assets/e.js"></script></html>`);
    write("__spa-fallback.html", `<html><script>${CONTEXT}</script><script type="module">${MODULE}</script>`);
    write("assets/e.js", "console.log(1)");
    t = await createTestApp({ serveWeb: true, env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("gives API answers a policy that allows nothing", async () => {
    for (const res of [await get("/api/v1/health"), await get("/api/v1/no-such-route")]) {
      expect(directives(res.headers["content-security-policy"] as string)).toEqual({
        "default-src": ["'none'"],
        "frame-ancestors": ["'none'"],
      });
    }
  });

  it("gives every answer helmet's other headers, the public API's and its errors' too", async () => {
    const answers = [
      await get("/api/v1/health"),
      await get("/en/"),
      await t.app.inject({ method: "POST", url: "/api/v2/otp/verify", payload: {} }),
      await t.app.inject({ method: "POST", url: "/api/v2/sms", payload: {} }),
    ];
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=31536000; includeSubDomains",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "SAMEORIGIN",
        "x-permitted-cross-domain-policies": "none",
        "x-xss-protection": "0",
      });
      expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
      expect(res.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("lets a prerendered page run its own inline scripts and nothing else inline", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers["content-security-policy"] as string);
    expect(csp).toMatchObject({
      "default-src": ["'self'"],
      "script-src": ["'self'", sha256(CONSENT)],
      "img-src": ["'self'", "data:"],
      "connect-src": ["'self'"],
      "frame-ancestors": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "object-src": ["'none'"],
    });
    expect(res.headers["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe/);
    expect(directives((await get("/en")).headers["content-security-policy"] as string)["script-src"]).toEqual(
      ["'self'"],
    );
  });

  it("covers the SPA fallback's hydration scripts, on app routes and on the 404 page", async () => {
    for (const url of ["/login", "/dashboard", "/no-such-page"]) {
      const csp = directives((await get(url)).headers["content-security-policy"] as string);
      expect(csp["script-src"]).toEqual(["'self'", sha256(CONTEXT), sha256(MODULE)]);
    }
  });

  it("follows a rebuild of a page while the server runs", async () => {
    const changed = `${CONSENT};1`;
    write("index.html", `<html><script>${changed}</script>`);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, "index.html"), later, later);
    const csp = directives((await get("/")).headers["content-security-policy"] as string);
    expect(csp["script-src"]).toEqual(["'self'", sha256(changed)]);
  });
});
