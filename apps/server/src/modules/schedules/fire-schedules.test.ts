import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { queryRows, schema } from "@sms/db";
import { countSms, firstRunFrom, inBangkok, nextRuns } from "@sms/domain";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type MessageKey, translate } from "../../i18n/index.ts";
import type { ObjectStorage } from "../../storage/index.ts";
import { listFiles, multipartBody } from "../../test/files.ts";
import { testHeavyWork } from "../../test/heavy-work.ts";
import { errorOf, type SendTenant, sendFixtures } from "../../test/sends.ts";
import { stagesOf } from "../../test/spans.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { recipientPart } from "../links/index.ts";
import {
  type FireResult,
  type FiringDeps,
  fireDueSchedules,
  fireNextDue,
  startScheduleFiring,
} from "./index.ts";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let dataDir: string;
let deps: FiringDeps;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-schedule-firing-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, ENGINE_CHUNK_SIZE: "2" } });
  f = sendFixtures(t);
  deps = {
    db: t.db,
    dbHandle: t.dbHandle,
    jobs: t.jobs,
    chunkSize: 2,
    storage: t.app.storage,
    linkOrigin: t.app.config.publicUrl,
    log: { error: () => {}, warn: () => {} },
  };
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});
// Each test's clock runs on its own: no schedule of one test may fall due in the next.
afterEach(async () => {
  await t.db
    .update(schema.campaignSchedules)
    .set({ status: "cancelled", nextRunAt: null })
    .where(eq(schema.campaignSchedules.status, "active"));
});

const MINUTE = 60_000;
const s = schema.campaignSchedules;
const r = schema.scheduleRuns;

/** A whole Bangkok minute `minutes` from now, as the form writes it, and the instant it is. */
function minutesAhead(minutes: number): { text: string; at: Date } {
  const at = new Date(Math.ceil((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE);
  return { text: inBangkok(at).format("YYYY-MM-DD HH:mm"), at };
}

const at =
  (date: Date, ms = 0) =>
  () =>
    new Date(date.getTime() + ms);

async function schedule(tenant: SendTenant, extra: object = {}, locale = "en") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/c/schedules/campaigns",
    headers: { ...tenant.headers, "accept-language": locale },
    payload: {
      name: "Promo",
      sender: tenant.sender,
      purpose: "general",
      manual_contacts: "0811000001, 0811000002",
      message: "Hello there",
      run_at: minutesAhead(10).text,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; next_run_at: string; run_at: string; ends_at: string | null };
}

async function detail(tenant: SendTenant, id: number, locale = "en") {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/c/schedules/campaigns/${id}`,
    headers: { ...tenant.headers, "accept-language": locale },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(s).where(eq(s.id, id));
  if (!row) throw new Error("no schedule");
  return row;
}

async function runsOf(id: number) {
  return t.db.select().from(r).where(eq(r.scheduleId, id)).orderBy(asc(r.occurrenceAt));
}

async function campaignsOf(tenant: SendTenant) {
  return t.db
    .select()
    .from(schema.campaigns)
    .where(eq(schema.campaigns.organizationId, tenant.organizationId))
    .orderBy(asc(schema.campaigns.id));
}

const fire = (now: () => Date, extra: Partial<FiringDeps> = {}) => fireNextDue({ ...deps, now, ...extra });

describe("one-time schedules", () => {
  it("fire once at their time: one campaign, named after its occurrence, whose messages are dispatched", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const created = await schedule(tenant, { run_at: when.text });
    expect(new Date(created.next_run_at)).toEqual(when.at);

    // Not yet due a second before.
    expect(await fire(at(when.at, -1000))).toBeNull();
    expect(await campaignsOf(tenant)).toEqual([]);

    const fired = await fire(at(when.at, 30_000));
    expect(fired).toMatchObject({ scheduleId: created.id, outcome: "sent", reason: null });
    expect(fired?.occurrenceAt).toEqual(when.at);
    const campaigns = await campaignsOf(tenant);
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({
      id: fired?.campaignId,
      kind: "campaign",
      name: `Promo (${when.text})`,
      recipients: 2,
      credits: 2 * countSms("Hello there").parts,
    });
    expect(await f.balance(tenant)).toBe(100 - 2);
    expect(await rowOf(created.id)).toMatchObject({
      status: "completed",
      nextRunAt: null,
      runCount: 1,
      lastRunAt: when.at,
    });
    // Nothing left to fire, however often asked.
    expect(await fire(at(when.at, 60 * MINUTE))).toBeNull();
    expect(await campaignsOf(tenant)).toHaveLength(1);

    const shown = await detail(tenant, created.id);
    expect(shown).toMatchObject({ status: "completed", next_run_at: null, run_count: 1 });
    expect(shown.runs).toEqual([
      expect.objectContaining({ status: "sent", campaign_id: fired?.campaignId, reason: null }),
    ]);

    // The engine sends them: chunk jobs were queued with the campaign.
    await t.jobs.drain();
    const messages = await f.messagesOf(fired?.campaignId ?? 0);
    expect(messages.map((m) => m.recipient).sort()).toEqual(["66811000001", "66811000002"]);
    expect(messages.every((m) => m.status !== "queued")).toBe(true);
  });

  it("are fired by the polling loop, which stops when asked", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const created = await schedule(tenant, { run_at: when.text });
    const stop = startScheduleFiring({ ...deps, now: at(when.at, 1000) }, 20);
    try {
      for (let i = 0; i < 200 && (await runsOf(created.id)).length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await stop();
    }
    expect((await runsOf(created.id)).map((run) => run.status)).toEqual(["sent"]);
    expect(await campaignsOf(tenant)).toHaveLength(1);
  });

  it("records a one-time send found more than a day late as missed, sending nothing", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const created = await schedule(tenant, { run_at: when.text });
    const fired = await fire(at(when.at, 25 * 60 * MINUTE));
    expect(fired).toMatchObject({ outcome: "failed", reason: "schedules.run.missed", campaignId: null });
    expect(await campaignsOf(tenant)).toEqual([]);
    expect(await f.balance(tenant)).toBe(100);
    expect(await rowOf(created.id)).toMatchObject({ status: "completed", runCount: 1 });
    const shown = await detail(tenant, created.id, "th");
    expect(shown.runs[0].reason).toBe(translate("schedules.run.missed", "th"));
  });
});

describe("recurring schedules", () => {
  it("fire at every occurrence from the start until the end, then complete", async () => {
    const tenant = await f.freshTenant(100);
    const start = minutesAhead(5);
    // Three hours less a minute hold exactly three hourly occurrences whatever the start: a start on
    // the hour (the test run at about hh:55) has its own hour as the first, and 3 h would take a fourth.
    const end = new Date(start.at.getTime() + 3 * 60 * MINUTE - MINUTE);
    const created = await schedule(tenant, {
      cron: "0 * * * *",
      run_at: start.text,
      ends_at: inBangkok(end).format("YYYY-MM-DD HH:mm"),
    });
    const expected = nextRuns("0 * * * *", new Date(start.at.getTime() - 1), 10, end);
    expect(expected).toHaveLength(3);
    expect(new Date(created.next_run_at)).toEqual(expected[0]);

    const fired: FireResult[] = [];
    for (const occurrence of expected) {
      expect(await fire(at(occurrence, -1000))).toBeNull();
      const result = await fire(at(occurrence, 1000));
      expect(result).toMatchObject({ scheduleId: created.id, outcome: "sent" });
      if (result) fired.push(result);
      // Asked again at the same time: already done.
      expect(await fire(at(occurrence, 2000))).toBeNull();
    }
    expect(fired.map((x) => x.occurrenceAt)).toEqual(expected);
    const runs = await runsOf(created.id);
    expect(runs.map((run) => [run.occurrenceAt, run.status])).toEqual(expected.map((o) => [o, "sent"]));
    const campaigns = await campaignsOf(tenant);
    expect(campaigns.map((c) => c.id)).toEqual(fired.map((x) => x.campaignId));
    expect(campaigns.map((c) => c.name)).toEqual(
      expected.map((o) => `Promo (${inBangkok(o).format("YYYY-MM-DD HH:mm")})`),
    );
    expect(await rowOf(created.id)).toMatchObject({ status: "completed", nextRunAt: null, runCount: 3 });
    expect(await f.balance(tenant)).toBe(100 - 3 * 2);
  });

  it("after downtime sends one run for the latest due occurrence, not a burst of the missed ones", async () => {
    const tenant = await f.freshTenant(100);
    const start = minutesAhead(5);
    const end = new Date(start.at.getTime() + 10 * 60 * MINUTE);
    const created = await schedule(tenant, {
      cron: "0 * * * *",
      run_at: start.text,
      ends_at: inBangkok(end).format("YYYY-MM-DD HH:mm"),
    });
    const occurrences = nextRuns("0 * * * *", new Date(start.at.getTime() - 1), 10, end);
    // The workers come back 20 minutes after the fourth occurrence.
    const back = new Date((occurrences[3] as Date).getTime() + 20 * MINUTE);
    const fired = await fireDueSchedules({ ...deps, now: () => back });
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ scheduleId: created.id, outcome: "sent", occurrenceAt: occurrences[3] });
    expect(await campaignsOf(tenant)).toHaveLength(1);
    expect(await rowOf(created.id)).toMatchObject({
      status: "active",
      nextRunAt: occurrences[4],
      runCount: 1,
    });
  });

  it("records a run without credits as failed with its reason and goes on", async () => {
    const tenant = await f.freshTenant(1);
    const start = minutesAhead(5);
    const end = new Date(start.at.getTime() + 5 * 60 * MINUTE);
    const created = await schedule(tenant, {
      cron: "30 * * * *",
      run_at: start.text,
      ends_at: inBangkok(end).format("YYYY-MM-DD HH:mm"),
    });
    const [first, second] = nextRuns("30 * * * *", new Date(start.at.getTime() - 1), 2, end) as [Date, Date];
    const before = await f.footprint(tenant);
    const failed = await fire(at(first, 1000));
    expect(failed).toMatchObject({
      scheduleId: created.id,
      outcome: "failed",
      campaignId: null,
      reason: "schedules.run.insufficient_credits",
    });
    // Nothing of the refused campaign remains; the schedule goes on.
    expect(await f.footprint(tenant)).toEqual(before);
    expect(await rowOf(created.id)).toMatchObject({ status: "active", nextRunAt: second, runCount: 1 });

    await f.fund(tenant, 10);
    const sent = await fire(at(second, 1000));
    expect(sent).toMatchObject({ outcome: "sent", occurrenceAt: second });
    for (const locale of ["en", "th"] as const) {
      const shown = await detail(tenant, created.id, locale);
      expect(
        shown.runs.map((run: { status: string; reason: string | null }) => [run.status, run.reason]),
      ).toEqual([
        ["sent", null],
        ["failed", translate("schedules.run.insufficient_credits", locale)],
      ]);
    }
  });

  it("records a refusal whose message has parameters with a reason that reads whole", async () => {
    const tenant = await f.freshTenant(100);
    const group = await f.group(tenant, [{ phone: "66811000009" }]);
    const when = minutesAhead(10);
    const created = await schedule(tenant, {
      run_at: when.text,
      manual_contacts: "",
      group_ids: [group],
      message: "{first_name}",
    });
    const fired = await fire(at(when.at, 1000));
    expect(fired).toMatchObject({ outcome: "failed", reason: "schedules.run.empty_after_personalising" });
    const shown = await detail(tenant, created.id);
    expect(shown.runs[0].reason).toBe("The message would be empty for some recipients once personalised.");
  });

  it("records a blocked sender or a suspended organization as a failed run", async () => {
    const tenant = await f.freshTenant(100);
    const start = minutesAhead(5);
    const end = new Date(start.at.getTime() + 5 * 60 * MINUTE);
    const created = await schedule(tenant, {
      cron: "15 * * * *",
      run_at: start.text,
      ends_at: inBangkok(end).format("YYYY-MM-DD HH:mm"),
    });
    const [first, second, third] = nextRuns("15 * * * *", new Date(start.at.getTime() - 1), 3, end) as Date[];
    await t.db
      .update(schema.senders)
      .set({ status: "blocked" })
      .where(
        and(eq(schema.senders.organizationId, tenant.organizationId), eq(schema.senders.name, tenant.sender)),
      );
    const blocked = await fire(at(first as Date, 1000));
    expect(blocked?.outcome).toBe("failed");
    expect(blocked?.reason).toMatch(/^senders\./);

    await t.db
      .update(schema.senders)
      .set({ status: "approved" })
      .where(
        and(eq(schema.senders.organizationId, tenant.organizationId), eq(schema.senders.name, tenant.sender)),
      );
    await t.db
      .update(schema.organizations)
      .set({ suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + 48 * 60 * MINUTE) })
      .where(eq(schema.organizations.id, tenant.organizationId));
    const suspended = await fire(at(second as Date, 1000));
    expect(suspended).toMatchObject({ outcome: "failed", reason: "schedules.run.organization_suspended" });

    await t.db
      .update(schema.organizations)
      .set({ suspendedAt: null, suspendedUntil: null })
      .where(eq(schema.organizations.id, tenant.organizationId));
    expect(await fire(at(third as Date, 1000))).toMatchObject({ outcome: "sent" });
    expect(await campaignsOf(tenant)).toHaveLength(1);
    expect((await rowOf(created.id)).runCount).toBe(3);
  });
});

describe("the send's preconditions, checked again at the send time (ADR 55)", () => {
  /** A schedule due at `when`, made while the organization met every precondition. */
  async function due(tenant: SendTenant, extra: object = {}) {
    const when = minutesAhead(10);
    const created = await schedule(tenant, { run_at: when.text, ...extra });
    return { id: created.id, when };
  }

  async function expectRefused(tenant: SendTenant, id: number, when: Date, reason: MessageKey) {
    const before = await f.footprint(tenant);
    const fired = await fire(at(when, 1000));
    expect(fired).toMatchObject({ scheduleId: id, outcome: "failed", campaignId: null, reason });
    // Nothing sent or charged; the run says why, in both languages.
    expect(await f.footprint(tenant)).toEqual(before);
    for (const locale of ["en", "th"] as const) {
      const shown = await detail(tenant, id, locale);
      expect(shown.runs).toEqual([
        expect.objectContaining({ status: "failed", reason: translate(reason, locale) }),
      ]);
      expect(shown.runs[0].reason).not.toBe(reason);
    }
  }

  it("a member whose phone is no longer verified: failed, nothing sent", async () => {
    const tenant = await f.freshTenant(100);
    const { id, when } = await due(tenant);
    await t.db
      .update(schema.users)
      .set({ phoneNumberVerifiedAt: null })
      .where(eq(schema.users.id, tenant.userId));
    await expectRefused(tenant, id, when.at, "schedules.run.phone_not_verified");
  });

  it("a sender that is no longer the organization's own (the shared default): failed with the own-sender rule", async () => {
    const tenant = await f.freshTenant(100);
    const { id, when } = await due(tenant);
    // As a schedule stored before ADR 32 under the platform's sender.
    await t.db.update(s).set({ senderName: "SMSPortal" }).where(eq(s.id, id));
    await expectRefused(tenant, id, when.at, "senders.own_sender_required");
  });

  it("a free-trial organization: its day's recipients and its links are limited at the send time too", async () => {
    const tenant = await f.freshTenant(100);
    const numbers = Array.from({ length: 11 }, (_, i) => `08110001${String(i).padStart(2, "0")}`).join(",");
    const many = await due(tenant, { manual_contacts: numbers });
    const linked = await due(tenant, { manual_contacts: "0811000001", message: "Pay at example.com" });
    const fine = await due(tenant, { manual_contacts: "0811000001" });
    // Made while paid; the organization is on its trial only at the send time.
    await t.db
      .update(schema.organizations)
      .set({ creditTrialRedeemedAt: new Date() })
      .where(eq(schema.organizations.id, tenant.organizationId));
    await expectRefused(tenant, many.id, many.when.at, "schedules.run.trial_recipient_limit");
    expect(translate("schedules.run.trial_recipient_limit", "en")).toContain("at most 10 different numbers");
    const before = await f.footprint(tenant);
    expect(await fire(at(linked.when.at, 1000))).toMatchObject({
      scheduleId: linked.id,
      outcome: "failed",
      reason: "campaigns.trial_no_links",
    });
    expect(await f.footprint(tenant)).toEqual(before);
    // Within the limits it is sent.
    expect(await fire(at(fine.when.at, 1000))).toMatchObject({ scheduleId: fine.id, outcome: "sent" });
  });
});

describe("tracked links", () => {
  it("each send shortens the text's links when the schedule asked for it", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const created = await schedule(tenant, {
      run_at: when.text,
      manual_contacts: "0811000001",
      message: "Sale: https://example.com/offer",
      track_links: true,
    });
    expect(created).toMatchObject({ track_links: true, message: "Sale: https://example.com/offer" });
    const fired = await fire(at(when.at, 1000));
    expect(fired).toMatchObject({ outcome: "sent", reason: null });
    const [link] = await t.db
      .select()
      .from(schema.trackedLinks)
      .where(eq(schema.trackedLinks.campaignId, fired?.campaignId ?? 0));
    expect(link?.url).toBe("https://example.com/offer");
    const [message] = await f.messagesOf(fired?.campaignId ?? 0);
    expect(message?.text).toBe(
      `Sale: ${t.app.config.publicUrl}/l/${link?.code}${recipientPart(link?.tokenKey ?? "", 1)}`,
    );
  });
});

describe("file schedules", () => {
  it("send the kept upload at their time, then remove it", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const form = multipartBody([
      { name: "sender", value: tenant.sender },
      { name: "purpose", value: "general" },
      { name: "message", value: "Hi {first_name}" },
      { name: "run_at", value: when.text },
      {
        name: "file",
        filename: "people.csv",
        data: Buffer.from(["phone_number,first_name", "0812345601,Somchai", "0812345602,Manee"].join("\r\n")),
      },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/schedules/campaigns/import",
      headers: { ...tenant.headers, ...form.headers, "accept-language": "en" },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const uploads = join(dataDir, "uploads");
    expect(await listFiles(uploads)).toHaveLength(1);

    const fired = await fire(at(when.at, 5000));
    expect(fired).toMatchObject({ outcome: "sent" });
    const messages = await f.messagesOf(fired?.campaignId ?? 0);
    expect(messages.map((m) => [m.recipient, m.text])).toEqual([
      ["66812345601", "Hi Somchai"],
      ["66812345602", "Hi Manee"],
    ]);
    expect((await campaignsOf(tenant))[0]).toMatchObject({
      kind: "file",
      fileName: "people.csv",
    });
    // Completed: the upload is gone, row and object.
    expect(await listFiles(uploads)).toEqual([]);
    expect((await f.footprint(tenant)).files).toBe(0);
    expect((await f.footprint(tenant)).staging).toBe(0);
  });

  it("wait for a full heavy-work pool instead of failing the run, and send on the next tick", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const form = multipartBody([
      { name: "sender", value: tenant.sender },
      { name: "purpose", value: "general" },
      { name: "message", value: "Hello" },
      { name: "run_at", value: when.text },
      { name: "file", filename: "people.csv", data: Buffer.from("phone\n0812345611\n0812345612\n") },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/schedules/campaigns/import",
      headers: { ...tenant.headers, ...form.headers, "accept-language": "en" },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const before = await rowOf(id);
    testHeavyWork({ maxQueued: 0 });
    try {
      expect(await fireDueSchedules({ ...deps, now: at(when.at, 5000) })).toEqual([
        {
          scheduleId: id,
          occurrenceAt: when.at,
          outcome: "deferred",
          campaignId: null,
          reason: "files.error.busy",
        },
      ]);
    } finally {
      testHeavyWork();
    }
    // Nothing written: no run, no campaign, still due at the same time, the upload kept.
    expect(await runsOf(id)).toEqual([]);
    expect(await campaignsOf(tenant)).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: "active", nextRunAt: before.nextRunAt, runCount: 0 });
    const fired = await fire(at(when.at, 65_000));
    expect(fired).toMatchObject({ scheduleId: id, outcome: "sent" });
    expect((await f.messagesOf(fired?.campaignId ?? 0)).map((m) => m.recipient)).toEqual([
      "66812345611",
      "66812345612",
    ]);
  });
  it("commit their campaign with their run: a firer that dies after the COPY and before the commit leaves no campaign and no charge (ADR 89)", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const form = multipartBody([
      { name: "sender", value: tenant.sender },
      { name: "purpose", value: "general" },
      { name: "message", value: "Hello" },
      { name: "run_at", value: when.text },
      { name: "file", filename: "people.csv", data: Buffer.from("phone\n0812345621\n0812345622\n") },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/schedules/campaigns/import",
      headers: { ...tenant.headers, ...form.headers, "accept-language": "en" },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const before = await f.footprint(tenant);
    const crash = new Error("killed before the commit");
    let seen: FireResult | null = null;
    const { result, stages } = await stagesOf(() =>
      fire(at(when.at, 1000), {
        beforeCommit: (fired) => {
          seen = fired;
          throw crash;
        },
      }).catch((error: unknown) => error),
    );
    expect(result).toBe(crash);
    // The recipients were staged (COPY) and the campaign accepted in the transaction that died.
    expect(stages).toEqual(expect.arrayContaining(["staged", "charged"]));
    expect(seen).toMatchObject({ scheduleId: id, outcome: "sent" });
    // Rolled back with it: no campaign, no messages, no debit, no run, no staging left.
    expect(await campaignsOf(tenant)).toEqual([]);
    expect(await f.balance(tenant)).toBe(100);
    expect(await f.footprint(tenant)).toEqual(before);
    expect(before).toMatchObject({ campaigns: 0, messages: 0, staging: 0, files: 1 });
    expect(await runsOf(id)).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: "active", nextRunAt: when.at, runCount: 0 });

    // Still due: the next firing sends it once, and charges it once.
    const fired = await fire(at(when.at, 2000));
    expect(fired).toMatchObject({ scheduleId: id, outcome: "sent" });
    expect((await f.messagesOf(fired?.campaignId ?? 0)).map((m) => m.recipient)).toEqual([
      "66812345621",
      "66812345622",
    ]);
    expect(await campaignsOf(tenant)).toHaveLength(1);
    expect(await f.balance(tenant)).toBe(98);
    expect(await f.footprint(tenant)).toMatchObject({ staging: 0, files: 0 });
  });
});

describe("large sends, accepted outside the firing's transaction (ADR 53, ADR 55)", () => {
  async function fileSchedule(tenant: SendTenant, rows: number) {
    const when = minutesAhead(10);
    const lines = ["phone,first_name"];
    for (let i = 1; i <= rows; i += 1) lines.push(`08123470${String(i).padStart(2, "0")},P${i}`);
    const form = multipartBody([
      { name: "sender", value: tenant.sender },
      { name: "purpose", value: "general" },
      { name: "message", value: "Hi {first_name}" },
      { name: "run_at", value: when.text },
      { name: "file", filename: "people.csv", data: Buffer.from(lines.join("\n")) },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/schedules/campaigns/import",
      headers: { ...tenant.headers, ...form.headers, "accept-language": "en" },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.id as number, when };
  }

  /** A schedule to a group of `size` contacts, larger than the slices of 2 the tests use. */
  async function groupSchedule(tenant: SendTenant, size: number) {
    const contacts = Array.from({ length: size }, (_, i) => ({
      phone: `668123480${String(i + 1).padStart(2, "0")}`,
      first: `G${i + 1}`,
    }));
    const group = await f.group(tenant, contacts);
    const when = minutesAhead(10);
    const created = await schedule(tenant, {
      run_at: when.text,
      manual_contacts: "",
      group_ids: [group],
      message: "Hi {first_name}",
    });
    return { id: created.id, when };
  }

  /** The firing's storage, running `beforeRead` when the worker opens the stored file. */
  function storageWith(beforeRead: () => Promise<void>): ObjectStorage {
    const base = deps.storage;
    return {
      put: (key, body) => base.put(key, body),
      delete: (key) => base.delete(key),
      exists: (key) => base.exists(key),
      get: async (key) => {
        await beforeRead();
        return base.get(key);
      },
    };
  }

  it("a file schedule reads its file with no transaction open and accepts it in slices", async () => {
    const tenant = await f.freshTenant(100);
    const { id, when } = await fileSchedule(tenant, 5);
    // While the worker opens the stored file, another session asks for the schedule's row. Inside
    // the firing's transaction it would be locked (PostgreSQL) or wait for the commit (PGlite).
    const probes: unknown[] = [];
    const storage = storageWith(async () => {
      const probe = queryRows<{ id: unknown }>(
        t.db,
        sql`select id from campaign_schedules where id = ${id} for update skip locked`,
      );
      probes.push(
        await Promise.race([
          probe.then((rows) => rows.map((row) => Number(row.id))),
          new Promise((resolve) => setTimeout(() => resolve("waiting"), 3000)),
        ]),
      );
    });
    const { result: fired, stages } = await stagesOf(() =>
      fire(at(when.at, 1000), { storage, acceptSliceRows: 2 }),
    );
    expect(fired).toMatchObject({ scheduleId: id, outcome: "sent", reason: null });
    // The file is opened once per pass of the reader: each time, the row was free.
    expect(probes.length).toBeGreaterThan(0);
    expect(probes).toEqual(probes.map(() => [id]));
    expect(stages).toContain("staged");
    const messages = await f.messagesOf(fired?.campaignId ?? 0);
    expect(messages.map((m) => [m.seq, m.recipient, m.text])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [i, `6681234700${i}`, `Hi P${i}`]),
    );
    const [campaign] = await campaignsOf(tenant);
    expect(campaign).toMatchObject({ id: fired?.campaignId, recipients: 5, credits: 5, accepting: false });
    expect(await f.balance(tenant)).toBe(95);
    expect(await runsOf(id)).toEqual([expect.objectContaining({ status: "sent", campaignId: campaign?.id })]);
    expect(await rowOf(id)).toMatchObject({ status: "completed", nextRunAt: null, runCount: 1 });
    expect(await f.footprint(tenant)).toMatchObject({ files: 0, staging: 0 });
  });

  it("a campaign to groups larger than a slice is written slice by slice, as one transaction would write it", async () => {
    const tenant = await f.freshTenant(100);
    const { id, when } = await groupSchedule(tenant, 5);
    const { result: fired, stages } = await stagesOf(() => fire(at(when.at, 1000), { acceptSliceRows: 2 }));
    expect(fired).toMatchObject({ scheduleId: id, outcome: "sent" });
    // 2 + 2 + 1 contacts.
    expect(stages.filter((stage) => stage === "slice")).toHaveLength(3);
    expect((await f.messagesOf(fired?.campaignId ?? 0)).map((m) => [m.seq, m.recipient, m.text])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [i, `66812348${String(i).padStart(3, "0")}`, `Hi G${i}`]),
    );
    expect(await f.balance(tenant)).toBe(95);
    expect(await f.queuedRollup(tenant, "campaign")).toEqual({ messages: 5, credits: 5 });
    // A group within a slice is still accepted inside the transaction.
    const small = await f.freshTenant(100);
    const inside = await groupSchedule(small, 2);
    const within = await stagesOf(() => fire(at(inside.when.at, 1000), { acceptSliceRows: 2 }));
    expect(within.result).toMatchObject({ scheduleId: inside.id, outcome: "sent" });
    // The stages are marked (a span was recorded), just no slice.
    expect(within.stages).toContain("committed");
    expect(within.stages).not.toContain("slice");
  });

  it("after a firer died between accepting and recording, the next firing records that campaign and sends nothing again", async () => {
    const tenant = await f.freshTenant(100);
    const { id, when } = await groupSchedule(tenant, 3);
    const crash = new Error("killed");
    await expect(
      fire(at(when.at, 1000), {
        acceptSliceRows: 2,
        beforeCommit: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const [accepted] = await campaignsOf(tenant);
    expect(accepted).toMatchObject({ recipients: 3, accepting: false });
    expect(await runsOf(id)).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: "active", nextRunAt: when.at, runCount: 0 });

    // A firer that finds it still being accepted waits for it.
    await t.db
      .update(schema.campaigns)
      .set({ accepting: true })
      .where(eq(schema.campaigns.id, accepted?.id ?? 0));
    expect(await fire(at(when.at, 2000), { acceptSliceRows: 2 })).toMatchObject({
      scheduleId: id,
      outcome: "deferred",
      reason: "campaigns.still_accepting",
    });
    expect(await runsOf(id)).toEqual([]);
    await t.db
      .update(schema.campaigns)
      .set({ accepting: false })
      .where(eq(schema.campaigns.id, accepted?.id ?? 0));

    const fired = await fire(at(when.at, 3000), { acceptSliceRows: 2 });
    expect(fired).toMatchObject({ scheduleId: id, outcome: "sent", campaignId: accepted?.id });
    expect(await campaignsOf(tenant)).toHaveLength(1);
    expect(await f.balance(tenant)).toBe(97);
    expect(await rowOf(id)).toMatchObject({ status: "completed", runCount: 1 });
  });

  it("records the run of a campaign sent while its schedule was cancelled, and leaves the schedule cancelled", async () => {
    const tenant = await f.freshTenant(100);
    const { id, when } = await fileSchedule(tenant, 3);
    // The owner cancels while the file is being read.
    const storage = storageWith(async () => {
      await t.db
        .update(s)
        .set({ status: "cancelled", nextRunAt: null, cancelledAt: new Date() })
        .where(eq(s.id, id));
    });
    const fired = await fire(at(when.at, 1000), { storage, acceptSliceRows: 2 });
    expect(fired).toMatchObject({ scheduleId: id, outcome: "sent" });
    expect(await runsOf(id)).toEqual([
      expect.objectContaining({ status: "sent", campaignId: fired?.campaignId }),
    ]);
    expect(await rowOf(id)).toMatchObject({ status: "cancelled", nextRunAt: null, runCount: 1 });
  });
});

describe("exactly once per occurrence", () => {
  it("fires once with concurrent firers", async () => {
    const tenants = await Promise.all([f.freshTenant(100), f.freshTenant(100), f.freshTenant(100)]);
    const when = minutesAhead(10);
    const ids = [];
    for (const tenant of tenants) ids.push((await schedule(tenant, { run_at: when.text })).id);
    // Four firers at once over three due schedules (on PostgreSQL each on its own connection).
    const results = (
      await Promise.all([1, 2, 3, 4].map(() => fireDueSchedules({ ...deps, now: at(when.at, 1000) })))
    ).flat();
    expect(
      results
        .filter((x) => x.outcome === "sent")
        .map((x) => x.scheduleId)
        .sort(),
    ).toEqual([...ids].sort());
    const [runs] = await t.db.select({ n: count() }).from(r).where(inArray(r.scheduleId, ids));
    expect(runs?.n).toBe(3);
    for (const tenant of tenants) {
      expect(await campaignsOf(tenant)).toHaveLength(1);
      expect(await f.balance(tenant)).toBe(98);
    }
  });

  it("a second firer does not fire a schedule another firer holds", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const created = await schedule(tenant, { run_at: when.text });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // The first firer has accepted the campaign and holds the schedule, not yet committed.
    const first = fire(at(when.at, 1000), {
      beforeCommit: async () => {
        entered();
        await gate;
      },
    });
    await inside;
    const second = fire(at(when.at, 2000));
    const early = await Promise.race([
      second,
      new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), 300)),
    ]);
    // PostgreSQL: SKIP LOCKED, the second firer answers at once that nothing is due for it. PGlite
    // has one connection: the second waits for the first's commit, then finds nothing due.
    expect(early).toBe(t.dbHandle.kind === "postgres" ? null : "waiting");
    release();
    expect(await first).toMatchObject({ scheduleId: created.id, outcome: "sent" });
    expect(await second).toBeNull();
    expect(await campaignsOf(tenant)).toHaveLength(1);
    expect(await runsOf(created.id)).toHaveLength(1);
  });

  it("after a firer died before committing, the occurrence is still due and is sent once", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const created = await schedule(tenant, { run_at: when.text });
    const before = await f.footprint(tenant);
    const crash = new Error("killed");
    await expect(
      fire(at(when.at, 1000), {
        beforeCommit: (result) => {
          // The campaign was accepted inside the transaction that now dies.
          expect(result.outcome).toBe("sent");
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(await f.footprint(tenant)).toEqual(before);
    expect(await runsOf(created.id)).toEqual([]);
    expect(await rowOf(created.id)).toMatchObject({ status: "active", nextRunAt: when.at, runCount: 0 });

    // The restarted firer sends it.
    expect(await fire(at(when.at, 5000))).toMatchObject({ scheduleId: created.id, outcome: "sent" });
    expect(await campaignsOf(tenant)).toHaveLength(1);
  });

  it("after a firer committed, the occurrence is never sent again, even if it looks due", async () => {
    const tenant = await f.freshTenant(100);
    const start = minutesAhead(5);
    const end = new Date(start.at.getTime() + 3 * 60 * MINUTE);
    const created = await schedule(tenant, {
      cron: "0 * * * *",
      run_at: start.text,
      ends_at: inBangkok(end).format("YYYY-MM-DD HH:mm"),
    });
    const first = firstRunFrom("0 * * * *", start.at, end) as Date;
    expect(await fire(at(first, 1000))).toMatchObject({ outcome: "sent" });
    // A restarted firer at the same time finds nothing due.
    expect(await fire(at(first, 2000))).toBeNull();
    // Even with next_run_at put back on the fired occurrence, the run row stops a second campaign.
    await t.db.update(s).set({ nextRunAt: first }).where(eq(s.id, created.id));
    expect(await fire(at(first, 3000))).toMatchObject({ outcome: "already_fired", campaignId: null });
    expect(await campaignsOf(tenant)).toHaveLength(1);
    expect(await runsOf(created.id)).toHaveLength(1);
    expect((await rowOf(created.id)).runCount).toBe(1);
    expect((await rowOf(created.id)).nextRunAt?.getTime()).toBeGreaterThan(first.getTime());
  });

  it("sets aside a schedule whose cron cannot be evaluated, and fires the others", async () => {
    const tenant = await f.freshTenant(100);
    const start = minutesAhead(5);
    const end = new Date(start.at.getTime() + 3 * 60 * MINUTE);
    const broken = await schedule(tenant, {
      cron: "0 * * * *",
      run_at: start.text,
      ends_at: inBangkok(end).format("YYYY-MM-DD HH:mm"),
    });
    const fine = await schedule(tenant, { run_at: minutesAhead(6).text });
    await t.db.update(s).set({ cron: "not a cron" }).where(eq(s.id, broken.id));
    const fired = await fireDueSchedules({ ...deps, now: at(end) });
    expect(fired.map((x) => [x.scheduleId, x.outcome]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [broken.id, "paused"],
      [fine.id, "sent"],
    ]);
    expect((await rowOf(broken.id)).status).toBe("pause");
    // A paused schedule may still be cancelled (spec §4).
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/v1/c/schedules/campaigns/${broken.id}/cancel`,
      headers: tenant.headers,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
  });

  it("a schedule cancelled while due is not fired", async () => {
    const tenant = await f.freshTenant(100);
    const when = minutesAhead(10);
    const created = await schedule(tenant, { run_at: when.text });
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/v1/c/schedules/campaigns/${created.id}/cancel`,
      headers: tenant.headers,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect(await fire(at(when.at, 1000))).toBeNull();
    expect(await campaignsOf(tenant)).toEqual([]);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/v1/c/schedules/campaigns/${created.id}/cancel`,
      headers: tenant.headers,
      payload: {},
    });
    expect(errorOf(again).code).toBe("CONFLICT");
  });
});
