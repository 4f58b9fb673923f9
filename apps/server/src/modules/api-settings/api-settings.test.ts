import { SHARED_SENDER, schema } from "@sms/db";
import { type ApiSettingsMessageKey, MEMBER_ROLE, OTP_DEFAULT_MESSAGES } from "@sms/domain";
import domainEn from "@sms/domain/catalogue-en";
import domainTh from "@sms/domain/catalogue-th";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import { addMember, createTenant, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { readApiSettings } from "./index.ts";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let owner: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  owner = await createTenant(t, { name: "Settings Co" });
  other = await createTenant(t, { name: "Other Settings Co" });
});
afterAll(() => t?.close());

const VALID = {
  otp_sender: null,
  otp_language: "th",
  otp_message_th: null,
  otp_message_en: null,
  rate_limit_per_second: 50,
  pump_prefix_max: 200,
  pump_fresh_key_max: 300,
};

function get(caller: Pick<TestTenant, "headers">) {
  return t.app.inject({ method: "GET", url: "/api/v1/c/api-settings", headers: caller.headers });
}

function put(caller: Pick<TestTenant, "headers">, payload: object, locale = "en") {
  return t.app.inject({
    method: "PUT",
    url: "/api/v1/c/api-settings",
    headers: { ...caller.headers, "accept-language": locale },
    payload,
  });
}

describe("GET /c/api-settings", () => {
  it("answers the defaults before anything is saved, with the default sender and texts", async () => {
    const res = await get(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      otp_sender: null,
      otp_language: "th",
      otp_message_th: null,
      otp_message_en: null,
      rate_limit_per_second: 50,
      pump_prefix_max: 200,
      pump_fresh_key_max: 300,
      default_sender: SHARED_SENDER.name,
      default_messages: OTP_DEFAULT_MESSAGES,
      otp_code_length: 6,
      otp_valid_minutes: 5,
      otp_resend: "new",
      updated_at: null,
    });
    expect(res.body).not.toContain("webhook");
  });
});

describe("PUT /c/api-settings", () => {
  it("saves the settings; blank texts reset to the built-in ones", async () => {
    const sender = await f.approvedSender(owner, "SetCoOtp", "otp");
    const res = await put(owner, {
      otp_sender: sender,
      otp_language: "en",
      otp_message_th: "  รหัส {pin} อ้างอิง {refno}  ",
      otp_message_en: "",
      rate_limit_per_second: "20",
      pump_prefix_max: 0,
      pump_fresh_key_max: 100_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      otp_sender: sender,
      otp_language: "en",
      otp_message_th: "รหัส {pin} อ้างอิง {refno}",
      otp_message_en: null,
      rate_limit_per_second: 20,
      pump_prefix_max: 0,
      pump_fresh_key_max: 100_000,
      updated_at: expect.any(String),
    });
    expect((await get(owner)).json().data).toMatchObject({ otp_sender: sender, rate_limit_per_second: 20 });
    expect(await readApiSettings(t.db, owner.organizationId)).toMatchObject({
      otp_sender: sender,
      otp_language: "en",
    });
    // Saving again keeps one row.
    expect((await put(owner, { ...VALID, otp_sender: SHARED_SENDER.name })).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(schema.apiSettings)
      .where(eq(schema.apiSettings.organizationId, owner.organizationId));
    expect(rows).toHaveLength(1);
    // The shared default is stored as "the default".
    expect(rows[0]?.otpSender).toBeNull();
  });

  it("refuses a sender the organization may not use, with a translated message", async () => {
    await f.approvedSender(other, "OtherOtp", "otp");
    await t.db.insert(schema.senders).values({
      organizationId: owner.organizationId,
      name: "PendingOtp",
      type: "otp",
      status: "pending",
      requestedBy: owner.userId,
    });
    for (const name of ["OtherOtp", "PendingOtp", "NoSuchName"]) {
      const res = await put(owner, { ...VALID, otp_sender: name }, "th");
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          path: "otp_sender",
          message: expect.stringContaining(`ไม่สามารถใช้ชื่อผู้ส่ง ${name} ได้`),
        },
      ]);
    }
    const en = await put(owner, { ...VALID, otp_sender: "OtherOtp" });
    expect(en.json().error.message).toMatch(/cannot be used/);
  });

  it("validates the texts and the numbers with translated messages", async () => {
    const cases: [object, string, ApiSettingsMessageKey][] = [
      [{ otp_message_th: "ไม่มีรหัส" }, "otp_message_th", "api_settings.validation.message_pin_required"],
      [
        { otp_message_en: `{pin}${"x".repeat(300)}` },
        "otp_message_en",
        "api_settings.validation.message_too_long",
      ],
      [{ otp_language: "fr" }, "otp_language", "api_settings.validation.language_invalid"],
      [{ rate_limit_per_second: 0 }, "rate_limit_per_second", "api_settings.validation.rate_limit_invalid"],
      [
        { rate_limit_per_second: 1001 },
        "rate_limit_per_second",
        "api_settings.validation.rate_limit_invalid",
      ],
      [{ rate_limit_per_second: 1.5 }, "rate_limit_per_second", "api_settings.validation.rate_limit_invalid"],
      [{ pump_prefix_max: -1 }, "pump_prefix_max", "api_settings.validation.pump_invalid"],
      [{ pump_fresh_key_max: 100_001 }, "pump_fresh_key_max", "api_settings.validation.pump_invalid"],
      [{ otp_sender: "TwelveLetter" }, "otp_sender", "api_settings.validation.sender_invalid"],
      [{ otp_code_length: 3 }, "otp_code_length", "api_settings.validation.code_length_invalid"],
      [{ otp_code_length: 9 }, "otp_code_length", "api_settings.validation.code_length_invalid"],
      [{ otp_code_length: "six" }, "otp_code_length", "api_settings.validation.code_length_invalid"],
      [{ otp_valid_minutes: 0 }, "otp_valid_minutes", "api_settings.validation.valid_minutes_invalid"],
      [{ otp_valid_minutes: 11 }, "otp_valid_minutes", "api_settings.validation.valid_minutes_invalid"],
      [{ otp_valid_minutes: 2.5 }, "otp_valid_minutes", "api_settings.validation.valid_minutes_invalid"],
      [{ otp_resend: "always" }, "otp_resend", "api_settings.validation.resend_invalid"],
    ];
    for (const [change, path, key] of cases) {
      for (const locale of ["th", "en"] as const) {
        const res = await put(owner, { ...VALID, ...change }, locale);
        expect(res.statusCode, `${path} ${locale}`).toBe(400);
        expect(res.json().error.details, `${path} ${locale}`).toEqual([
          { path, message: { th: domainTh, en: domainEn }[locale][key] },
        ]);
      }
    }
  });

  it("saves the codes' length, validity and resend setting; leaving them out keeps today's codes", async () => {
    const res = await put(owner, {
      ...VALID,
      otp_code_length: "4",
      otp_valid_minutes: 10,
      otp_resend: "same_code",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      otp_code_length: 4,
      otp_valid_minutes: 10,
      otp_resend: "same_code",
    });
    expect(await readApiSettings(t.db, owner.organizationId)).toMatchObject({
      otp_code_length: 4,
      otp_valid_minutes: 10,
      otp_resend: "same_code",
    });
    const reset = await put(owner, VALID);
    expect(reset.json().data).toMatchObject({ otp_code_length: 6, otp_valid_minutes: 5, otp_resend: "new" });
  });

  it("keeps each organization's settings to itself", async () => {
    expect((await put(other, { ...VALID, rate_limit_per_second: 7 })).statusCode).toBe(200);
    expect((await get(other)).json().data.rate_limit_per_second).toBe(7);
    expect((await get(owner)).json().data.rate_limit_per_second).not.toBe(7);
  });

  it("lets every member look but only those who manage the API keys change them", async () => {
    const service = await createTenant(t, { name: "Settings Service" });
    await addMember(t, owner.organizationId, service.userId, MEMBER_ROLE.accountService);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: owner.organizationId })
      .where(eq(schema.users.id, service.userId));
    const token = await signIn(t, service.email, service.password);
    const caller = { headers: { authorization: `Bearer ${token}` } };
    const seen = await get(caller);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.rate_limit_per_second).toBe((await get(owner)).json().data.rate_limit_per_second);
    expect((await put(caller, VALID)).statusCode).toBe(403);
  });
});
