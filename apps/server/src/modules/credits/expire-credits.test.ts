import { createOrganization, schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { expireCredits } from "./expire-credits.ts";
import { expireCreditsJob } from "./jobs.ts";
import { balanceOf, credit, debit } from "./ledger.ts";

describe("credit expiry", () => {
  let t: TestContext;
  let ownerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [user] = await t.db
      .insert(schema.users)
      .values({
        firstName: "E",
        lastName: "Xpiry",
        email: "expiry@example.com",
        phoneNumber: "66800000902",
        passwordHash: "x",
      })
      .returning({ id: schema.users.id });
    ownerId = user!.id;
  });
  afterAll(() => t.close());

  async function holder(credits: number, expiresAt: Date | null) {
    const { organizationId } = await createOrganization(t.db, { name: "Holder", ownerId });
    if (credits > 0)
      await t.db.transaction((tx) =>
        credit(tx, "earned", { organizationId, credits, reason: "r", reference: "order:x" }),
      );
    await t.db
      .update(schema.organizations)
      .set({ creditExpiredOn: expiresAt })
      .where(eq(schema.organizations.id, organizationId));
    return organizationId;
  }

  it("lapses the whole remaining balance once the expiry has passed, with an expired entry", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const past = await holder(120, new Date("2026-11-23T09:59:00Z"));
    const future = await holder(50, new Date("2026-11-23T10:01:00Z"));
    const empty = await holder(0, new Date("2026-01-01T00:00:00Z"));
    const never = await holder(30, null);
    await t.db.transaction((tx) =>
      debit(tx, { organizationId: past, credits: 20, reason: "r", reference: "campaign:1" }),
    );

    expect(await expireCredits(t.db, now)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t.db, past)).toBe(0);
    expect(await balanceOf(t.db, future)).toBe(50);
    expect(await balanceOf(t.db, empty)).toBe(0);
    expect(await balanceOf(t.db, never)).toBe(30);
    const entries = await t.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, past))
      .orderBy(schema.creditEntries.id);
    expect(entries.map((e) => [e.type, e.credits, e.balanceAfter])).toEqual([
      ["earned", 120, 120],
      ["used", -20, 100],
      ["expired", -100, 0],
    ]);
    // Nothing left to do on a second run; the future holder lapses when its time comes.
    expect(await expireCredits(t.db, now)).toBe(0);
    await expireCredits(t.db, new Date("2026-11-23T10:01:00Z"));
    expect(await balanceOf(t.db, future)).toBe(0);
  });

  it("runs as the credits.expire-balances job, scheduled every minute in Bangkok time", async () => {
    expect(expireCreditsJob.cron?.schedule).toBe("* * * * *");
    const lapsed = await holder(10, new Date(Date.now() - 60_000));
    await t.jobs.enqueue(expireCreditsJob, { run: "expire" as const });
    await t.jobs.drain();
    expect(await balanceOf(t.db, lapsed)).toBe(0);
  });
});
