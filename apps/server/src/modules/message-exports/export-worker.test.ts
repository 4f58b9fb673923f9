import { schema } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testHeavyWork } from "../../test/heavy-work.ts";
import { jobContextOf } from "../../test/jobs.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { writeMessageExport } from "./jobs.ts";

/** Exports written in heavy-work threads (ADR 30): a full pool, a dying worker (the event loop: platform/spreadsheet-worker.test.ts). */

const HOUR = 3600_000;

let t: TestContext;
let tenant: TestTenant;

async function seed(tenant: TestTenant, rows: number): Promise<void> {
  const [campaign] = await t.db
    .insert(schema.campaigns)
    .values({
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      kind: "campaign",
      purpose: "general",
      name: "Worker export",
      senderName: "ShopA",
      text: "=แคมเปญ",
      recipients: rows,
      credits: rows,
      chunkSize: 1000,
      acceptedAt: new Date(Date.now() - 100 * HOUR),
    } as typeof schema.campaigns.$inferInsert)
    .returning({ id: schema.campaigns.id });
  // Spread over the last four days, inside the default 7-day period; one in ten with its own text.
  await t.db.execute(sql`
    insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, text,
                          billed_parts, credits, status, state, code)
    select now() - interval '1 hour' - make_interval(secs => (i::bigint * 345600) / ${rows}::bigint),
      ${tenant.organizationId}::integer, ${campaign!.id}::bigint, i,
      (array['campaign','instant','api','otp'])[1 + i % 4], 'ShopA', '668' || lpad(i::text, 8, '0'),
      case when i % 10 = 0 then 'สวัสดี +' || i else null end,
      1, 1, (array['delivered','failed','sent','queued'])[1 + i % 4], 3, '000'
    from generate_series(1, ${rows}::integer) as i`);
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: "Worker exporter" });
  await seed(tenant, 3);
});
afterAll(() => t?.close());

const exportOf = (tenant: TestTenant, query: string, lang = "en") =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/c/messages/export-report?${query}`,
    headers: { ...tenant.headers, "accept-language": lang },
  });

describe("exports in heavy-work threads", () => {
  afterEach(() => {
    testHeavyWork();
  });

  const createExport = async (tenant: TestTenant, format = "csv") => {
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/c/message-exports?format=${format}`,
      headers: tenant.headers,
    });
    expect(created.statusCode).toBe(202);
    return created.json().data.id as string;
  };
  const rowOf = async (id: string) =>
    (await t.db.select().from(schema.messageExports).where(eq(schema.messageExports.id, id)))[0];

  it("a streamed export the pool cannot take is a translated 503 with Retry-After, and goes through once it can", async () => {
    testHeavyWork({ maxQueued: 0 });
    const busy = await exportOf(tenant, "format=csv", "th");
    expect(busy.statusCode).toBe(503);
    expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
    expect(busy.json().error.message).toBe("ขณะนี้ระบบกำลังเตรียมไฟล์อื่นอยู่เต็มกำลัง กรุณาลองใหม่ในอีก 30 วินาที");
    testHeavyWork();
    const ok = await exportOf(tenant, "format=csv");
    expect(ok.statusCode).toBe(200);
    expect(ok.body.split("\n").filter(Boolean)).toHaveLength(4);
  });

  it("a background export whose worker dies fails at once with a translated reason, without a retry", async () => {
    const id = await createExport(tenant, "xlsx");
    // A 4 MB heap cannot even load the XLSX writer: the worker dies of memory, as a hostile size would.
    await expect(writeMessageExport(id, jobContextOf(t), { heapMb: 4 })).resolves.toBeUndefined();
    expect(await rowOf(id)).toMatchObject({
      status: "failed",
      errorKey: "message_exports.failed_too_large",
      attempts: 1,
      storageKey: null,
    });
    const shown = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/message-exports/${id}`,
      headers: { ...tenant.headers, "accept-language": "en" },
    });
    expect(shown.json().data).toMatchObject({
      status: "failed",
      error: "This file needed more memory than an export may use. Please export a shorter period.",
    });
  });

  it("a background export waits while the pool cannot queue it, without spending an attempt", async () => {
    const id = await createExport(tenant);
    testHeavyWork({ maxQueued: 0 });
    const writing = writeMessageExport(id, jobContextOf(t), { busyRetryMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowOf(id)).toMatchObject({ status: "running", attempts: 1 });
    testHeavyWork();
    await writing;
    expect(await rowOf(id)).toMatchObject({ status: "done", attempts: 1, rowsWritten: 3, errorKey: null });
  });
});
