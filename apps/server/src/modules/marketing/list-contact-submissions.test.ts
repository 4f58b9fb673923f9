import { schema } from "@sms/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";

type Row = { id: number; name: string; email: string; topic: string; created_at: string };

const PEOPLE = [
  { name: "Chai", topic: "support", at: "2026-05-03T10:00:00Z" },
  { name: "Anong", topic: "sales", at: "2026-05-01T10:00:00Z" },
  { name: "Boon", topic: "billing", at: "2026-05-04T10:00:00Z" },
  { name: "Dao", topic: "sales", at: "2026-05-02T10:00:00Z" },
  { name: "Ekk", topic: "other", at: "2026-05-04T10:00:00Z" },
];

describe("GET /api/v1/admin/contact-submissions", () => {
  let t: TestContext;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.insert(schema.contactSubmissions).values(
      PEOPLE.map((p) => ({
        name: p.name,
        email: `${p.name.toLowerCase()}@example.com`,
        topic: p.topic,
        message: `Hello from ${p.name}`,
        locale: "th",
        createdAt: new Date(p.at),
      })),
    );
    token = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => t.close());

  const get = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/admin/contact-submissions${query}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  const names = (res: { json: () => { data: { entities: Row[] } } }) =>
    res.json().data.entities.map((r) => r.name);

  it("lists the newest first by default, ties by the later id, 20 a page", async () => {
    const res = await get("");
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(["Ekk", "Boon", "Chai", "Dao", "Anong"]);
    expect(res.json().data.page_information).toEqual({
      page: 1,
      size: 20,
      total_pages: 1,
      total_item: 5,
      limit: 5,
    });
  });

  it("sorts oldest first with reverse=false, and by name both ways", async () => {
    expect(names(await get("?sort=created_at&reverse=false"))).toEqual([
      "Anong",
      "Dao",
      "Chai",
      "Boon",
      "Ekk",
    ]);
    expect(names(await get("?sort=name"))).toEqual(["Anong", "Boon", "Chai", "Dao", "Ekk"]);
    expect(names(await get("?sort=name&reverse=true"))).toEqual(["Ekk", "Dao", "Chai", "Boon", "Anong"]);
    expect(names(await get("?sort=topic&reverse=false&size=2"))).toEqual(["Boon", "Ekk"]);
  });

  it("answers an empty page past the end with the real totals", async () => {
    const res = await get("?page=4&size=2");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      entities: [],
      page_information: { page: 4, size: 2, total_pages: 3, total_item: 5, limit: 5 },
    });
  });

  it("refuses a column outside the whitelist with a translated 400", async () => {
    const res = await get("?sort=ip", { "accept-language": "en" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "VALIDATION",
      message: "Some fields are invalid. Please check them.",
      details: [{ path: "sort", message: "This list cannot be sorted by that column." }],
    });
    const th = await get("?page=0");
    expect(th.json().error.details).toEqual([
      { path: "page", message: "หมายเลขหน้าต้องเป็นจำนวนเต็มตั้งแต่ 1 ขึ้นไป" },
    ]);
  });

  it("is for staff only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/admin/contact-submissions?sort=name" });
    expect(res.statusCode).toBe(401);
  });
});
