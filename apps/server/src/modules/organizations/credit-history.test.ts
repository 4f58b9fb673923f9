import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { adjust, credit, debit } from "../credits/index.ts";

/** /reports/credits (issue 15 point 2): the running balance stays exact under pages, sorts and filters. */
let t: TestContext;
let a: TestTenant;
let b: TestTenant;

const change = (tenant: TestTenant, credits: number, reference: string) => ({
  organizationId: tenant.organizationId,
  credits,
  reason: `Test ${reference}`,
  reference,
});

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, { name: "Ledger A" });
  b = await createTenant(t, { name: "Ledger B" });
  await t.db.transaction((tx) => credit(tx, "earned", change(a, 1000, "order:1")));
  await t.db.transaction((tx) => debit(tx, change(a, 100, "campaign:1")));
  await t.db.transaction((tx) => debit(tx, change(a, 50, "campaign:2")));
  await t.db.transaction((tx) => credit(tx, "refunded", change(a, 20, "campaign:1")));
  await t.db.transaction((tx) => adjust(tx, change(a, -5, "staff:1")));
  await t.db.transaction((tx) => credit(tx, "earned", change(b, 777, "order:2")));
});
afterAll(() => t?.close());

const get = (tenant: TestTenant, url: string, lang = "en") =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...tenant.headers, "accept-language": lang },
  });

type Entry = { type: string; credits: number; balance_after: number; reference: string };
const rows = async (url: string) =>
  (await get(a, url)).json().data as { entities: Entry[]; page_information: Record<string, number> };
const brief = (entities: Entry[]) => entities.map((e) => [e.type, e.credits, e.balance_after]);

describe("GET /c/me/credits (the credits report)", () => {
  it("shows each entry's running balance, newest first, exact on every page", async () => {
    const all = await rows("/c/me/credits");
    expect(brief(all.entities)).toEqual([
      ["adjusted", -5, 865],
      ["refunded", 20, 870],
      ["used", -50, 850],
      ["used", -100, 900],
      ["earned", 1000, 1000],
    ]);
    expect(all.page_information).toMatchObject({ page: 1, total_item: 5, total_pages: 1, limit: 5 });
    const pages = await Promise.all([1, 2, 3].map((page) => rows(`/c/me/credits?size=2&page=${page}`)));
    expect(pages.flatMap((p) => brief(p.entities))).toEqual(brief(all.entities));
    expect(pages[2]?.page_information).toMatchObject({ page: 3, size: 2, total_pages: 3, total_item: 5 });
    const [{ balance } = { balance: 0 }] = await t.db
      .select({ balance: schema.organizations.credits })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, a.organizationId));
    expect(all.entities[0]?.balance_after).toBe(balance);
  });

  it("keeps the balances under a type filter and the server's sorts", async () => {
    expect(brief((await rows("/c/me/credits?type=used")).entities)).toEqual([
      ["used", -50, 850],
      ["used", -100, 900],
    ]);
    expect(brief((await rows("/c/me/credits?sort=credits")).entities)).toEqual([
      ["used", -100, 900],
      ["used", -50, 850],
      ["adjusted", -5, 865],
      ["refunded", 20, 870],
      ["earned", 1000, 1000],
    ]);
    const byType = (await rows("/c/me/credits?sort=type&reverse=true")).entities.map((e) => e.type);
    expect(byType).toEqual(["used", "used", "refunded", "earned", "adjusted"]);
    expect((await get(a, "/c/me/credits?sort=balance_after")).statusCode).toBe(400);
  });

  it("filters by a period of days or minutes and refuses future dates and bad formats, translated", async () => {
    const far = await rows("/c/me/credits?start=2020-01-01&end=2020-01-31");
    expect(far.entities).toEqual([]);
    const future = await get(a, "/c/me/credits?start=2020-01-01&end=2999-01-01", "th");
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain("ไม่สามารถเลือกวันที่หลังจากวันนี้ได้");
    const bad = await get(a, "/c/me/credits?start=01/01/2020&end=2020-01-02");
    expect(JSON.stringify(bad.json())).toContain("Please enter the date as YYYY-MM-DD or YYYY-MM-DD HH:mm.");
    const long = await get(a, "/c/me/credits?start=2020-01-01&end=2021-06-01");
    expect(JSON.stringify(long.json())).toContain("The period is longer than this report allows.");
    const minutes = await get(a, "/c/me/credits?start=2020-01-01%2008:00&end=2020-01-01%2009:30");
    expect(minutes.statusCode).toBe(200);
  });

  it("never shows another organization's entries; its id is a 404", async () => {
    const mine = await rows("/c/me/credits");
    expect(mine.entities.map((e) => e.reference)).not.toContain("order:2");
    const theirs = (await get(b, "/c/me/credits")).json().data.entities as Entry[];
    expect(brief(theirs)).toEqual([["earned", 777, 777]]);
    await expectCrossTenant404(t, a, [
      { method: "GET", url: `/api/v1/c/organizations/${b.organizationId}/credits` },
    ]);
  });
});
