import { schema } from "@sms/db";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobContextOf } from "../../test/jobs.ts";
import { addMember, createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { checkAlerts } from "./check-alerts.ts";
import { runAlertCheck } from "./jobs.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;

interface Alerts {
  low_credit_enabled?: boolean;
  low_credit_threshold?: number;
  low_credit_channel?: "email" | "sms" | "both";
  expiry_enabled?: boolean;
  expiry_days?: number;
  expiry_channel?: "email" | "sms" | "both";
}

/** A fresh organization with its alerts saved through the API in `locale`. */
async function organizationWith(alerts: Alerts, locale: "th" | "en" = "th") {
  const owner = await createTenant(t, { name: `Alert ${locale} ${Math.random().toString(36).slice(2, 8)}` });
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${owner.organizationId}/settings`,
    headers: { ...owner.headers, "accept-language": locale },
    payload: {
      low_credit_enabled: false,
      low_credit_threshold: 500,
      low_credit_channel: "email",
      expiry_enabled: false,
      expiry_days: 7,
      expiry_channel: "email",
      ...alerts,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, owner.userId));
  return { ...owner, phone: user!.phoneNumber, name: user!.lastName };
}

function setBalance(tenant: TestTenant, credits: number, creditExpiredOn: Date | null = null) {
  return t.db
    .update(schema.organizations)
    .set({ credits, creditExpiredOn })
    .where(eq(schema.organizations.id, tenant.organizationId));
}

/** One run of the alert job at `now`, its deliveries sent; answers this organization's claims. */
async function runAt(tenant: TestTenant, now: Date) {
  const { alerts } = await runAlertCheck(jobContextOf(t), now);
  await t.jobs.drain();
  return alerts.filter((a) => a.organizationId === tenant.organizationId).map((a) => a.kind);
}

async function inbox(...recipients: string[]) {
  return t.db
    .select()
    .from(schema.devMessages)
    .where(inArray(schema.devMessages.recipient, recipients))
    .orderBy(schema.devMessages.id);
}

describe("low-credit alert", () => {
  it("is sent once when the balance goes below the threshold, and again only after it went back above", async () => {
    const org = await organizationWith({ low_credit_enabled: true, low_credit_threshold: 500 });
    const now = new Date("2026-06-01T02:00:00Z");
    await setBalance(org, 1_000);
    expect(await runAt(org, now)).toEqual([]);

    await setBalance(org, 499);
    expect(await runAt(org, now)).toEqual(["low_credit"]);
    await setBalance(org, 300);
    expect(await runAt(org, new Date(now.getTime() + 300_000))).toEqual([]);
    expect(await runAt(org, new Date(now.getTime() + DAY))).toEqual([]);

    const mails = await inbox(org.email, org.phone);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email", recipient: org.email });
    expect(mails[0]?.subject).toContain("ใกล้หมด");
    expect(mails[0]?.text).toContain("499 เครดิต ต่ำกว่าเกณฑ์ที่ตั้งไว้ 500 เครดิต");
    expect(mails[0]?.text).toContain("/accounts/settings");

    // Back at the threshold: armed again, nothing sent.
    await setBalance(org, 500);
    expect(await runAt(org, new Date(now.getTime() + 2 * DAY))).toEqual([]);
    const [row] = await t.db
      .select()
      .from(schema.alertSettings)
      .where(eq(schema.alertSettings.organizationId, org.organizationId));
    expect(row?.lowCreditAlertedAt).toBeNull();

    await setBalance(org, 20);
    expect(await runAt(org, new Date(now.getTime() + 3 * DAY))).toEqual(["low_credit"]);
    expect(await inbox(org.email, org.phone)).toHaveLength(2);
  });

  it("sends nothing while switched off", async () => {
    const org = await organizationWith({ low_credit_enabled: false, low_credit_threshold: 500 });
    await setBalance(org, 10);
    expect(await runAt(org, new Date("2026-06-01T02:00:00Z"))).toEqual([]);
    expect(await inbox(org.email, org.phone)).toEqual([]);
  });

  it("goes by SMS, e-mail or both as chosen, to every owner and no other member, in the saver's language", async () => {
    const sms = await organizationWith({ low_credit_enabled: true, low_credit_channel: "sms" }, "en");
    await setBalance(sms, 100);
    expect(await runAt(sms, new Date("2026-06-01T02:00:00Z"))).toEqual(["low_credit"]);
    const texts = await inbox(sms.email, sms.phone);
    expect(texts.map((m) => [m.channel, m.recipient])).toEqual([["sms", sms.phone]]);
    expect(texts[0]?.text).toMatch(/has 100 credits left \(below 500\)/);

    const both = await organizationWith({ low_credit_enabled: true, low_credit_channel: "both" });
    const coOwner = await createTenant(t, { name: "Co-owner" });
    const member = await createTenant(t, { name: "Plain member" });
    await addMember(t, both.organizationId, coOwner.userId, 100);
    await addMember(t, both.organizationId, member.userId, 1);
    await setBalance(both, 0);
    expect(await runAt(both, new Date("2026-06-01T02:00:00Z"))).toEqual(["low_credit"]);
    const phoneOf = async (userId: number) =>
      (await t.db.select().from(schema.users).where(eq(schema.users.id, userId)))[0]!.phoneNumber;
    const [coOwnerPhone, memberPhone] = [await phoneOf(coOwner.userId), await phoneOf(member.userId)];
    const sent = await inbox(both.email, both.phone, coOwner.email, coOwnerPhone, member.email, memberPhone);
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual(
      [
        ["email", both.email],
        ["email", coOwner.email],
        ["sms", both.phone],
        ["sms", coOwnerPhone],
      ].sort(),
    );
    expect(sent.filter((m) => m.channel === "email").every((m) => m.text.includes("ต่ำกว่าเกณฑ์"))).toBe(true);
    expect(sent.some((m) => m.recipient === member.email || m.recipient === memberPhone)).toBe(false);
  });

  it("is claimed once by concurrent runs", async () => {
    const org = await organizationWith({ low_credit_enabled: true, expiry_enabled: true, expiry_days: 7 });
    const now = new Date("2026-06-01T02:00:00Z");
    await setBalance(org, 10, new Date(now.getTime() + 2 * DAY));
    const runs = await Promise.all([checkAlerts(t.db, now), checkAlerts(t.db, now), checkAlerts(t.db, now)]);
    const mine = runs.flatMap((r) => r.alerts.filter((a) => a.organizationId === org.organizationId));
    expect(mine.map((a) => a.kind).sort()).toEqual(["expiry", "low_credit"]);
  });

  it("does not deliver a crossing that is over by the time its job runs", async () => {
    const org = await organizationWith({ low_credit_enabled: true });
    await setBalance(org, 10);
    const { alerts } = await runAlertCheck(jobContextOf(t), new Date("2026-06-01T02:00:00Z"));
    expect(alerts.some((a) => a.organizationId === org.organizationId)).toBe(true);
    // Credits bought before the delivery ran: the next check arms the alert again.
    await setBalance(org, 10_000);
    await checkAlerts(t.db, new Date("2026-06-01T02:05:00Z"));
    await t.jobs.drain();
    expect(await inbox(org.email, org.phone)).toEqual([]);
  });
});

describe("expiry alert", () => {
  it("is sent once when the expiry is within the chosen days; a purchase that moves the expiry re-arms it", async () => {
    const org = await organizationWith(
      { expiry_enabled: true, expiry_days: 7, expiry_channel: "email" },
      "en",
    );
    const expiry = new Date("2026-07-31T17:00:00Z");
    await setBalance(org, 5_000, expiry);

    expect(await runAt(org, new Date(expiry.getTime() - 8 * DAY))).toEqual([]);
    expect(await runAt(org, new Date(expiry.getTime() - 7 * DAY))).toEqual(["expiry"]);
    expect(await runAt(org, new Date(expiry.getTime() - 3 * DAY))).toEqual([]);
    expect(await runAt(org, new Date(expiry.getTime() - 1_000))).toEqual([]);
    const mails = await inbox(org.email, org.phone);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Credits of ${org.name} expire on 01 Aug 2026`);
    expect(mails[0]?.text).toContain("The 5,000 remaining credits");

    // A purchase moves the expiry a month on: warned again within 7 days of the new date.
    const moved = new Date("2026-08-31T17:00:00Z");
    await setBalance(org, 9_000, moved);
    expect(await runAt(org, new Date(expiry.getTime() - 1_000))).toEqual([]);
    expect(await runAt(org, new Date(moved.getTime() - 6 * DAY))).toEqual(["expiry"]);
    expect(await runAt(org, new Date(moved.getTime() - 5 * DAY))).toEqual([]);
    expect(await inbox(org.email, org.phone)).toHaveLength(2);
  });

  it("says nothing about a zero balance, a past expiry, or when switched off", async () => {
    const now = new Date("2026-06-01T02:00:00Z");
    const empty = await organizationWith({ expiry_enabled: true, expiry_days: 7 });
    await setBalance(empty, 0, new Date(now.getTime() + DAY));
    const past = await organizationWith({ expiry_enabled: true, expiry_days: 7 });
    await setBalance(past, 100, new Date(now.getTime() - DAY));
    const off = await organizationWith({ expiry_enabled: false, expiry_days: 7 });
    await setBalance(off, 100, new Date(now.getTime() + DAY));
    for (const org of [empty, past, off]) expect(await runAt(org, now)).toEqual([]);
    const rows = await t.db
      .select()
      .from(schema.alertSettings)
      .where(
        and(
          inArray(schema.alertSettings.organizationId, [
            empty.organizationId,
            past.organizationId,
            off.organizationId,
          ]),
        ),
      );
    expect(rows.every((r) => r.expiryAlertedFor === null)).toBe(true);
  });

  it("goes by SMS in Thai when chosen", async () => {
    const org = await organizationWith({ expiry_enabled: true, expiry_days: 30, expiry_channel: "sms" });
    const expiry = new Date("2026-07-31T17:00:00Z");
    await setBalance(org, 1_500, expiry);
    expect(await runAt(org, new Date(expiry.getTime() - 10 * DAY))).toEqual(["expiry"]);
    const sent = await inbox(org.email, org.phone);
    expect(sent.map((m) => m.channel)).toEqual(["sms"]);
    expect(sent[0]?.text).toContain("เครดิต 1,500");
    expect(sent[0]?.text).toContain("01 ส.ค. 2569");
  });
});
