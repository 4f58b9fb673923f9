import { schema } from "@sms/db";
import { MEMBER_ROLE, type SettingsMessageKey } from "@sms/domain";
import domainEn from "@sms/domain/catalogue-en";
import domainTh from "@sms/domain/catalogue-th";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Alerts Co" });
  other = await createTenant(t, { name: "Other Alerts Co" });
});
afterAll(() => t?.close());

const VALID = {
  low_credit_enabled: true,
  low_credit_threshold: 500,
  low_credit_channel: "both",
  expiry_enabled: true,
  expiry_days: 14,
  expiry_channel: "sms",
};

const url = (organizationId: number) => `/api/v1/c/organizations/${organizationId}/settings`;

function get(caller: Pick<TestTenant, "headers">, organizationId = owner.organizationId) {
  return t.app.inject({ method: "GET", url: url(organizationId), headers: caller.headers });
}

function put(
  caller: Pick<TestTenant, "headers">,
  payload: object,
  { locale = "en", organizationId = owner.organizationId } = {},
) {
  return t.app.inject({
    method: "PUT",
    url: url(organizationId),
    headers: { ...caller.headers, "accept-language": locale },
    payload,
  });
}

async function storedRow(organizationId = owner.organizationId) {
  const [row] = await t.db
    .select()
    .from(schema.alertSettings)
    .where(eq(schema.alertSettings.organizationId, organizationId));
  return row;
}

describe("GET /c/organizations/{id}/settings", () => {
  it("answers both alerts off with the defaults before anything is saved, with the balance", async () => {
    await t.db
      .update(schema.organizations)
      .set({ credits: 1234, creditExpiredOn: new Date("2027-01-31T17:00:00Z") })
      .where(eq(schema.organizations.id, other.organizationId));
    const res = await get(other, other.organizationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      low_credit_enabled: false,
      low_credit_threshold: 1000,
      low_credit_channel: "email",
      expiry_enabled: false,
      expiry_days: 7,
      expiry_channel: "email",
      locale: "th",
      low_credit_alerted_at: null,
      expiry_alerted_for: null,
      credits: 1234,
      credit_expired_on: "2027-01-31T17:00:00.000Z",
      updated_at: null,
    });
  });

  it("needs a signed-in caller", async () => {
    const res = await t.app.inject({ method: "GET", url: url(owner.organizationId) });
    expect(res.statusCode).toBe(401);
  });
});

describe("PUT /c/organizations/{id}/settings", () => {
  it("saves both alerts in the saver's language; saving again keeps one row", async () => {
    const res = await put(owner, { ...VALID, low_credit_threshold: "500" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...VALID, locale: "en", updated_at: expect.any(String) });
    expect((await get(owner)).json().data).toMatchObject(VALID);

    const th = await put(owner, { ...VALID, low_credit_channel: "email" }, { locale: "th" });
    expect(th.json().data).toMatchObject({ low_credit_channel: "email", locale: "th" });
    const rows = await t.db
      .select()
      .from(schema.alertSettings)
      .where(eq(schema.alertSettings.organizationId, owner.organizationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.updatedBy).toBe(owner.userId);
  });

  it("strips unknown fields: the alert markers cannot be set from outside", async () => {
    const res = await put(owner, {
      ...VALID,
      low_credit_alerted_at: "2020-01-01T00:00:00Z",
      organization_id: other.organizationId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.low_credit_alerted_at).toBeNull();
    expect(await storedRow(other.organizationId)).toBeUndefined();
  });

  it("arms an alert again when its threshold or days change or it is switched on, not otherwise", async () => {
    await put(owner, VALID);
    const sent = new Date("2026-05-01T03:00:00Z");
    const expiry = new Date("2026-05-10T17:00:00Z");
    const mark = () =>
      t.db
        .update(schema.alertSettings)
        .set({ lowCreditAlertedAt: sent, expiryAlertedFor: expiry })
        .where(eq(schema.alertSettings.organizationId, owner.organizationId));

    await mark();
    await put(owner, { ...VALID, low_credit_channel: "sms", expiry_channel: "both" });
    expect(await storedRow()).toMatchObject({ lowCreditAlertedAt: sent, expiryAlertedFor: expiry });

    await put(owner, { ...VALID, low_credit_threshold: 600 });
    expect(await storedRow()).toMatchObject({ lowCreditAlertedAt: null, expiryAlertedFor: expiry });

    await mark();
    await put(owner, { ...VALID, low_credit_threshold: 600, expiry_days: 30 });
    expect(await storedRow()).toMatchObject({ lowCreditAlertedAt: sent, expiryAlertedFor: null });

    await mark();
    await put(owner, { ...VALID, low_credit_threshold: 600, expiry_days: 30, low_credit_enabled: false });
    expect(await storedRow()).toMatchObject({ lowCreditAlertedAt: sent, expiryAlertedFor: expiry });
    await put(owner, { ...VALID, low_credit_threshold: 600, expiry_days: 30 });
    expect(await storedRow()).toMatchObject({ lowCreditAlertedAt: null, expiryAlertedFor: expiry });
  });

  it("validates every field with translated messages", async () => {
    const cases: [object, string, SettingsMessageKey][] = [
      [{ low_credit_threshold: 0 }, "low_credit_threshold", "settings.validation.threshold_invalid"],
      [{ low_credit_threshold: 10_000_001 }, "low_credit_threshold", "settings.validation.threshold_invalid"],
      [{ low_credit_threshold: 1.5 }, "low_credit_threshold", "settings.validation.threshold_invalid"],
      [{ low_credit_threshold: "many" }, "low_credit_threshold", "settings.validation.threshold_invalid"],
      [{ expiry_days: 0 }, "expiry_days", "settings.validation.days_invalid"],
      [{ expiry_days: 91 }, "expiry_days", "settings.validation.days_invalid"],
      [{ low_credit_channel: "fax" }, "low_credit_channel", "settings.validation.channel_invalid"],
      [{ expiry_channel: null }, "expiry_channel", "settings.validation.channel_invalid"],
      [{ low_credit_enabled: "yes" }, "low_credit_enabled", "settings.validation.enabled_invalid"],
    ];
    for (const locale of ["th", "en"] as const) {
      for (const [change, path, key] of cases) {
        const res = await put(owner, { ...VALID, ...change }, { locale });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().error.details).toEqual([
          { path, message: { th: domainTh, en: domainEn }[locale][key] },
        ]);
      }
    }
  });

  it("lets the owner and Account Service change the alerts; a Member may only look", async () => {
    for (const [role, status] of [
      [MEMBER_ROLE.accountService, 200],
      [MEMBER_ROLE.member, 403],
    ] as const) {
      const person = await createTenant(t, { name: `Role ${role}` });
      await addMember(t, owner.organizationId, person.userId, role);
      expect((await get(person)).statusCode).toBe(200);
      const res = await put(person, VALID);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 403) expect(res.json().error.code).toBe("FORBIDDEN");
    }
  });

  it("answers 404 for another organization's settings and leaves them alone", async () => {
    await expectCrossTenant404(t, owner, [
      { method: "GET", url: url(other.organizationId) },
      { method: "PUT", url: url(other.organizationId), payload: VALID },
      { method: "GET", url: url(2_000_000_000) },
    ]);
    expect(await storedRow(other.organizationId)).toBeUndefined();
  });
});
