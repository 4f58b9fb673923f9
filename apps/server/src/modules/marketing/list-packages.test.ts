import { PACKAGE_CATALOGUE } from "@sms/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

type Pkg = { id: number; price_satang: number; credits: number; name: string };

describe("GET /api/v1/c/packages sorting", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/c/packages${query}`, headers });

  it("keeps the catalogue's display order by default", async () => {
    const res = await get("");
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.entities.map((p: Pkg) => p.id);
    const byOrder = [...PACKAGE_CATALOGUE].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    expect(ids).toEqual(byOrder.map((p) => p.id).slice(0, 10));
  });

  it("sorts by a whitelisted key in both directions (spec §7 sort/reverse)", async () => {
    const up = (await get("?sort=price&reverse=false&size=100")).json().data.entities as Pkg[];
    const down = (await get("?sort=price&reverse=true&size=100")).json().data.entities as Pkg[];
    const prices = up.map((p) => p.price_satang);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeLessThan(prices.at(-1) ?? 0);
    expect(down.map((p) => p.id)).toEqual(up.map((p) => p.id).reverse());
  });

  it("pages a sorted list without repeating a package", async () => {
    const first = (await get("?sort=credits&reverse=true&size=3&page=1")).json().data;
    const second = (await get("?sort=credits&reverse=true&size=3&page=2")).json().data;
    const ids = [...first.entities, ...second.entities].map((p: Pkg) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.entities[0].credits).toBeGreaterThanOrEqual(second.entities[0].credits);
    expect(second.page_information).toMatchObject({ page: 2, size: 3, limit: 5 });
  });

  it("refuses a sort key outside the whitelist with a translated 400", async () => {
    const th = await get("?sort=price_satang");
    expect(th.statusCode).toBe(400);
    expect(th.json().error).toMatchObject({
      code: "VALIDATION",
      details: [{ path: "sort", message: "ไม่สามารถเรียงรายการนี้ตามคอลัมน์ที่เลือกได้" }],
    });
    const en = await get("?sort=active", { "accept-language": "en" });
    expect(en.json().error.details).toEqual([
      { path: "sort", message: "This list cannot be sorted by that column." },
    ]);
  });

  it("refuses a bad direction and a page size over the limit with translated messages", async () => {
    const res = await get("?reverse=maybe&size=1000", { "accept-language": "en" });
    expect(res.statusCode).toBe(400);
    const details = Object.fromEntries(
      res.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(details).toEqual({
      reverse: "The sort direction must be true or false.",
      size: "The page size is out of range.",
    });
  });

  it("documents the sort whitelist in the OpenAPI description", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const params = doc.paths["/api/v1/c/packages"].get.parameters as {
      name: string;
      schema: { enum?: string[] };
    }[];
    const sort = params.find((p) => p.name === "sort");
    expect(sort?.schema.enum).toEqual(["sort_order", "id", "name", "months", "credits", "price"]);
    expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(["page", "size", "reverse"]));
  });
});
