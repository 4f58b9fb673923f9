import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

describe("system routes", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers tnc_version from the database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/configurations" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { tnc_version: "1.0", tnc_change_note: null, dev_inbox: true } });
    await t.app.db.execute(sql`update configurations set value = '2.1' where key = 'tnc_version'`);
    const again = await t.app.inject({ method: "GET", url: "/api/v1/configurations" });
    expect(again.json().data.tnc_version).toBe("2.1");
  });

  it("says the dev inbox is off in production", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production", ADMIN_PASSWORD: "x".repeat(12) } });
    try {
      const res = await prod.app.inject({ method: "GET", url: "/api/v1/configurations" });
      expect(res.json().data.dev_inbox).toBe(false);
    } finally {
      await prod.close();
    }
  });

  it("reports a healthy database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: "ok", version: "V1.5.3" });
    // Every answer says how long the server itself took (a client's slow answer with a short
    // server time waited outside the handler).
    expect(res.headers["server-timing"]).toMatch(/^app;dur=\d+\.\d$/);
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/nope" });
    expect(missing.headers["server-timing"]).toMatch(/^app;dur=/);
  });

  it("answers unknown API paths with a translated 404 envelope", async () => {
    const th = await t.app.inject({ method: "GET", url: "/api/v1/nope" });
    expect(th.statusCode).toBe(404);
    expect(th.json().error).toMatchObject({ code: "ROUTE_NOT_FOUND", message: "ไม่พบหน้านี้" });
    const en = await t.app.inject({
      method: "GET",
      url: "/api/v1/nope",
      headers: { "accept-language": "en-US,en;q=0.9,th;q=0.5" },
    });
    expect(en.json().error.message).toBe("This page could not be found");
  });

  it("publishes only the public API's OpenAPI in production, the whole document when asked (review I1)", async () => {
    for (const docs of ["public", "full"] as const) {
      const prod = await createTestApp({
        env: {
          NODE_ENV: "production",
          ADMIN_PASSWORD: "x".repeat(12),
          ...(docs === "full" ? { OPENAPI_DOCS: "full" } : {}),
        },
      });
      try {
        const res = await prod.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
        expect(res.statusCode).toBe(200);
        const doc = res.json();
        const paths = Object.keys(doc.paths);
        expect(paths).toEqual(expect.arrayContaining(["/api/v2/sms", "/api/v2/credit"]));
        expect(doc.components.securitySchemes.basicAuth).toEqual({ type: "http", scheme: "basic" });
        if (docs === "public") {
          expect(paths.every((path) => path.startsWith("/api/v2/"))).toBe(true);
          expect(res.body).not.toContain("/admin/");
          // Every reference the public paths make still resolves.
          for (const [, section, name] of res.body.matchAll(/"#\/components\/([^/"]+)\/([^"]+)"/g)) {
            expect(doc.components[section as string]?.[name as string], `${section}/${name}`).toBeDefined();
          }
        } else {
          expect(paths.some((path) => path.startsWith("/api/v1/admin/"))).toBe(true);
        }
      } finally {
        await prod.close();
      }
    }
  });

  it("publishes OpenAPI with the routes' schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/v1/configurations", "/api/v1/health"]),
    );
  });
});
