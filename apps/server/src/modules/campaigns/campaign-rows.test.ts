import { schema } from "@sms/db";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { type CampaignRow, insertCampaignRows, type NewCampaignRow } from "./campaign-rows.ts";

/**
 * insertCampaignRows: one row through drizzle's builder, several through one unnest statement
 * (ADR 112). Both must store and answer the same rows, in the order given.
 */

let t: TestContext;
let organizationId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ organizationId } = await createTenant(t, { name: "Campaign rows" }));
});
afterAll(() => t?.close());

/** The fields every send sets; the others left to their defaults. */
const bare = (name: string, acceptedAt: Date): NewCampaignRow => ({
  organizationId,
  kind: "api",
  purpose: "general",
  name,
  senderName: "SENDER",
  text: `Text of ${name}`,
  recipients: 1,
  credits: 2,
  chunkSize: 1000,
  acceptedAt,
});

const insert = (rows: NewCampaignRow[]) => t.db.transaction((tx) => insertCampaignRows(tx, rows));

async function read(ids: number[]): Promise<CampaignRow[]> {
  const rows = await t.db.select().from(schema.campaigns).where(inArray(schema.campaigns.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id) as CampaignRow);
}

/** A row without what differs between two inserts of the same data. */
const comparable = ({ id: _id, createdAt: _createdAt, ...rest }: CampaignRow) => rest;

describe("insertCampaignRows", () => {
  it("answers several rows in the order given, as drizzle reads them back", async () => {
    const at = new Date("2026-11-29T10:00:00.123Z");
    const rows: NewCampaignRow[] = [
      { ...bare("first", at), groupIds: [3, 1], memberId: null, fileName: "a.csv", manualContacts: 4 },
      {
        ...bare("second", at),
        callbackUrl: "https://example.com/hook",
        idempotencyKey: "key-2",
        scheduledFor: new Date("2026-11-30T01:02:03.000Z"),
        invalidCount: 1,
        duplicateCount: 2,
        suppressedCount: 3,
      },
      { ...bare("third", at), accepting: true, status: "sending", text: "ข้อความ {name}" },
    ];
    const answered = await insert(rows);
    expect(answered.map((r) => r.name)).toEqual(["first", "second", "third"]);
    expect(new Set(answered.map((r) => r.id)).size).toBe(3);
    // Every column answered as drizzle's own select maps it (numbers, dates, arrays, nulls).
    expect(answered).toEqual(await read(answered.map((r) => r.id)));
    expect(answered[0]).toMatchObject({ groupIds: [3, 1], fileName: "a.csv", manualContacts: 4 });
    expect(answered[1]?.scheduledFor).toEqual(new Date("2026-11-30T01:02:03.000Z"));
    expect(answered[2]).toMatchObject({ accepting: true, status: "sending", text: "ข้อความ {name}" });
  });

  it("gives the columns a row leaves out the table's defaults, as one row through drizzle gets them", async () => {
    const at = new Date("2026-11-29T11:00:00.000Z");
    const [alone] = await insert([bare("same", at)]);
    const [first, second] = await insert([bare("same", at), bare("same", at)]);
    if (!alone || !first || !second) throw new Error("rows missing");
    expect(comparable(first)).toEqual(comparable(alone));
    expect(comparable(second)).toEqual(comparable(alone));
    expect(first).toMatchObject({
      status: "queued",
      accepting: false,
      groupIds: [],
      refundedCredits: 0,
      refundedAt: null,
      sentAt: null,
      manualContacts: 0,
    });
    expect(first.createdAt).toBeInstanceOf(Date);
  });
});
