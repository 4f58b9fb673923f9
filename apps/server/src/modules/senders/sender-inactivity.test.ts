import { SHARED_SENDER, schema } from "@sms/db";
import { inBangkok } from "@sms/domain";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsIn } from "../../test/jobs.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { checkSenderInactivity } from "./check-sender-inactivity.ts";
import { senderInactivityJob } from "./jobs.ts";
import { markSenderUsed } from "./mark-sender-used.ts";

let t: TestContext;
let owner: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Quiet Co" });
});
afterAll(() => t?.close());

const monthsAgo = (now: Date, months: number, days = 0) =>
  inBangkok(now).subtract(months, "month").subtract(days, "day").toDate();

let names = 0;
/** An approved sender of the owner's organization with its dates moved into the past. */
async function approved(dates: {
  decidedAt: Date;
  lastUsedAt?: Date | null;
  inactivityWarnedAt?: Date | null;
  status?: "approved" | "pending" | "blocked";
}): Promise<number> {
  const [row] = await t.db
    .insert(schema.senders)
    .values({
      organizationId: owner.organizationId,
      name: `Quiet${++names}`,
      status: dates.status ?? "approved",
      decidedAt: dates.decidedAt,
      lastUsedAt: dates.lastUsedAt ?? null,
      inactivityWarnedAt: dates.inactivityWarnedAt ?? null,
      requestedBy: owner.userId,
      createdAt: monthsAgo(dates.decidedAt, 0, 3),
    })
    .returning({ id: schema.senders.id });
  return row!.id;
}

async function rowsOf(ids: number[]) {
  const rows = await t.db.select().from(schema.senders).where(inArray(schema.senders.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

describe("checkSenderInactivity", () => {
  it("warns once after 11 months without use, and cancels a year after, a month after the warning", async () => {
    const now = new Date("2026-06-15T02:00:00Z");
    const neverUsed = await approved({ decidedAt: monthsAgo(now, 11, 1) });
    const usedLately = await approved({ decidedAt: monthsAgo(now, 30), lastUsedAt: monthsAgo(now, 2) });
    const usedLongAgo = await approved({ decidedAt: monthsAgo(now, 30), lastUsedAt: monthsAgo(now, 11, 2) });
    const tenMonths = await approved({ decidedAt: monthsAgo(now, 10) });
    const pending = await approved({ decidedAt: monthsAgo(now, 13), status: "pending" });
    const blocked = await approved({ decidedAt: monthsAgo(now, 13), status: "blocked" });
    const dueAndWarned = await approved({
      decidedAt: monthsAgo(now, 12, 1),
      inactivityWarnedAt: monthsAgo(now, 1, 1),
    });
    const warnedLate = await approved({
      decidedAt: monthsAgo(now, 14),
      inactivityWarnedAt: monthsAgo(now, 0, 10),
    });
    const overdueNotWarned = await approved({ decidedAt: monthsAgo(now, 14) });

    const first = await checkSenderInactivity(t.db, now);
    expect(first.warned.map((s) => s.id).sort()).toEqual([neverUsed, usedLongAgo, overdueNotWarned].sort());
    expect(first.cancelled.map((s) => s.id)).toEqual([dueAndWarned]);
    expect(first.warned.find((s) => s.id === usedLongAgo)?.lastActivity.getTime()).toBe(
      monthsAgo(now, 11, 2).getTime(),
    );

    const rows = await rowsOf([neverUsed, usedLately, tenMonths, pending, blocked, dueAndWarned, warnedLate]);
    expect(rows.get(neverUsed)?.inactivityWarnedAt?.getTime()).toBe(now.getTime());
    expect(rows.get(usedLately)?.inactivityWarnedAt).toBeNull();
    expect(rows.get(tenMonths)?.inactivityWarnedAt).toBeNull();
    expect(rows.get(pending)?.inactivityWarnedAt).toBeNull();
    expect(rows.get(blocked)?.status).toBe("blocked");
    expect(rows.get(dueAndWarned)).toMatchObject({
      status: "cancelled",
      decisionReason: "senders.reason.inactive",
    });
    // A warning sent late still gives its month's notice.
    expect(rows.get(warnedLate)?.status).toBe("approved");

    // Idempotent: a second run the same day finds nothing to do.
    expect(await checkSenderInactivity(t.db, now)).toEqual({ warned: [], cancelled: [] });

    // A month later the warned ones that stayed unused are cancelled, the late-warned one with them.
    const later = inBangkok(now).add(1, "month").toDate();
    const second = await checkSenderInactivity(t.db, later);
    expect(second.cancelled.map((s) => s.id).sort()).toEqual(
      [neverUsed, usedLongAgo, overdueNotWarned, warnedLate].sort(),
    );
    expect(second.warned.map((s) => s.id)).toEqual([tenMonths]);
  });

  it("starts over when the sender is used after the warning", async () => {
    const now = new Date("2026-06-15T02:00:00Z");
    const id = await approved({ decidedAt: monthsAgo(now, 11, 1) });
    expect((await checkSenderInactivity(t.db, now)).warned.map((s) => s.id)).toContain(id);
    await markSenderUsed(t.db, id, inBangkok(now).add(1, "day").toDate());
    const [row] = await t.db.select().from(schema.senders).where(eq(schema.senders.id, id));
    expect(row?.inactivityWarnedAt).toBeNull();
    const monthLater = inBangkok(now).add(1, "month").toDate();
    const result = await checkSenderInactivity(t.db, monthLater);
    expect(result.cancelled.map((s) => s.id)).not.toContain(id);
    expect(result.warned.map((s) => s.id)).not.toContain(id);
  });

  it("never touches the shared default sender", async () => {
    const far = new Date("2099-01-01T00:00:00Z");
    await checkSenderInactivity(t.db, far);
    await checkSenderInactivity(t.db, inBangkok(far).add(2, "month").toDate());
    const [shared] = await t.db
      .select()
      .from(schema.senders)
      .where(eq(schema.senders.name, SHARED_SENDER.name));
    expect(shared).toMatchObject({ status: "approved", inactivityWarnedAt: null, organizationId: null });
  });
});

describe("senders.check-inactivity job", () => {
  it("runs daily in Bangkok time and e-mails the owner the warning, then the cancellation, once each", async () => {
    expect(senderInactivityJob.cron?.schedule).toBe("0 9 * * *");
    const quiet = await createTenant(t, { name: "Sleepy Co" });
    const now = new Date();
    const [row] = await t.db
      .insert(schema.senders)
      .values({
        organizationId: quiet.organizationId,
        name: "Sleepy",
        status: "approved",
        decidedAt: monthsAgo(now, 11, 1),
        requestedBy: quiet.userId,
      })
      .returning({ id: schema.senders.id });
    const mails = () =>
      t.db.select().from(schema.devMessages).where(eq(schema.devMessages.recipient, quiet.email));

    await t.jobs.enqueue(senderInactivityJob, { run: "inactivity" as const });
    await t.jobs.drain();
    const warning = await mails();
    expect(warning).toHaveLength(1);
    expect(warning[0]?.subject).toContain("Sleepy");
    expect(warning[0]?.text).toContain("will be cancelled on");
    expect(warning[0]?.text).toContain("จะถูกยกเลิกในวันที่");

    // The mail was its own job, enqueued with the mark.
    const mailJobs = (await jobsIn(t, "senders.mail-inactivity")).filter((j) => j.data.senderId === row!.id);
    expect(mailJobs.map((j) => [j.state, j.data.kind])).toEqual([["completed", "warning"]]);

    // Again the same day: nothing more.
    await t.jobs.enqueue(senderInactivityJob, { run: "inactivity" as const });
    await t.jobs.drain();
    expect(await mails()).toHaveLength(1);

    // Time moves on: the sender's dates go back a year and the warning a month.
    await t.db
      .update(schema.senders)
      .set({ decidedAt: monthsAgo(now, 12, 1), inactivityWarnedAt: monthsAgo(now, 1, 1) })
      .where(eq(schema.senders.id, row!.id));
    await t.jobs.enqueue(senderInactivityJob, { run: "inactivity" as const });
    await t.jobs.drain();
    const all = await mails();
    expect(all).toHaveLength(2);
    expect(all.map((m) => m.subject).join("\n")).toContain("Sender name Sleepy cancelled");
    const [cancelled] = await t.db.select().from(schema.senders).where(eq(schema.senders.id, row!.id));
    expect(cancelled?.status).toBe("cancelled");

    // The customer reads the reason in their language.
    const en = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/senders/${row!.id}`,
      headers: { ...quiet.headers, "accept-language": "en" },
    });
    expect(en.json().data).toMatchObject({
      status: "cancelled",
      decision_reason:
        "Cancelled automatically after more than a year without use, as the terms of service say.",
    });
    const th = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/senders/${row!.id}`,
      headers: { ...quiet.headers, "accept-language": "th" },
    });
    expect(th.json().data.decision_reason).toContain("ไม่มีการใช้งานเกิน 1 ปี");
  });
});
