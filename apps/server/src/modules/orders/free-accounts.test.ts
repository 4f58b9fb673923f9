import { createOrganization, SHARED_SENDER, schema } from "@sms/db";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { bearer, loginPerson, registerPerson } from "../../test/accounts.ts";
import { errorOf, sendFixtures } from "../../test/sends.ts";
import { createTenant, OWN_SENDER, ownSender, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { redeemFreeTrial } from "./redeem-free-trial.ts";

/** Issue 23 point 3 (S4-1, S4-2; ADR 32): free accounts can't be farmed. */

const TRIAL_ID = 17;
const RANDOM_UUID = "7f2c1d3e-9a4b-4c5d-8e6f-0a1b2c3d4e5f";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
});
afterAll(() => t?.close());

function call(
  headers: Record<string, string>,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  locale = "en",
) {
  return t.app.inject({
    method,
    url: url.startsWith("/api/") ? url : `/api/v1${url}`,
    headers: { ...headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
}

async function setPhoneVerified(tenant: Pick<TestTenant, "userId">, verified: boolean) {
  await t.db
    .update(schema.users)
    .set({ phoneNumberVerifiedAt: verified ? new Date() : null })
    .where(eq(schema.users.id, tenant.userId));
}

async function smsKey(tenant: TestTenant, kind: "sms" | "otp" = "sms") {
  const res = await call(tenant.headers, "PUT", `/c/organizations/${tenant.organizationId}/api-key`, {
    kind,
  });
  expect(res.statusCode, res.body).toBe(200);
  const pair = (res.json().data.issued as { kind: string; key: string; secret: string }[])[0];
  if (!pair) throw new Error("no key issued");
  return pair;
}

const basic = (pair: { key: string; secret: string }) => ({
  authorization: `Basic ${Buffer.from(`${pair.key}:${pair.secret}`).toString("base64")}`,
});

const bangkokIn = (minutes: number) =>
  new Date(Date.now() + (minutes + 7 * 60) * 60_000).toISOString().slice(0, 16).replace("T", " ");

describe("a verified phone is needed to take the trial, send, make API keys and order", () => {
  it("refuses every such action of a user whose phone is not verified, with a translated 403", async () => {
    const tenant = await createTenant(t, { name: "Unverified Co" });
    await ownSender(t, tenant);
    await f.fund(tenant, 100);
    await setPhoneVerified(tenant, false);
    const send = { sender: OWN_SENDER, purpose: "general", message: "Hi" };
    const attempts: [string, "POST" | "PUT", string, object][] = [
      ["trial", "POST", "/c/orders/free-trial", {}],
      [
        "order",
        "POST",
        "/c/orders",
        { package_id: 1, buyer_type: "individual", buyer_name: "Somchai", proof_file_id: RANDOM_UUID },
      ],
      ["api key", "PUT", `/c/organizations/${tenant.organizationId}/api-key`, { kind: "both" }],
      ["instant", "POST", "/c/messages", { ...send, phone_number: "0812345678" }],
      ["campaign", "POST", "/c/campaigns", { ...send, name: "C", manual_contacts: "0812345678" }],
      ["preview", "POST", "/c/campaigns/preview", { ...send, name: "C", manual_contacts: "0812345678" }],
      [
        "schedule",
        "POST",
        "/c/schedules/campaigns",
        { ...send, name: "S", manual_contacts: "0812345678", run_at: bangkokIn(30) },
      ],
    ];
    const before = await f.footprint(tenant);
    for (const [what, method, url, payload] of attempts) {
      const res = await call(tenant.headers, method, url, payload);
      expect({ what, status: res.statusCode }).toEqual({ what, status: 403 });
      expect(errorOf(res)).toMatchObject({
        code: "PHONE_NOT_VERIFIED",
        message:
          "Please verify your account's phone number first: the free trial, sending, API keys and orders need it.",
      });
    }
    const th = await call(tenant.headers, "POST", "/c/orders/free-trial", {}, "th");
    expect(errorOf(th).message).toContain("กรุณายืนยันหมายเลขโทรศัพท์");
    expect(await f.footprint(tenant)).toEqual(before);

    await setPhoneVerified(tenant, true);
    expect((await call(tenant.headers, "POST", "/c/orders/free-trial", {})).statusCode).toBe(201);
    const sent = await call(tenant.headers, "POST", "/c/messages", { ...send, phone_number: "0812345678" });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it("refuses the public API (SMS and OTP) while no owner of the organization has a verified phone", async () => {
    const tenant = await createTenant(t, { name: "Old Keys Co" });
    await ownSender(t, tenant);
    await f.fund(tenant, 100);
    const sms = await smsKey(tenant, "sms");
    const otp = await smsKey(tenant, "otp");
    // Keys made before the rule, or an owner who changed numbers since: the API checks every call.
    await setPhoneVerified(tenant, false);
    const payload = { msisdn: "0812345678", message: "Hi", sender: OWN_SENDER };
    const res = await call(basic(sms), "POST", "/api/v2/sms", payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: { code: 403, name: "ERROR_PHONE_NOT_VERIFIED", description: expect.stringContaining("verify") },
    });
    const code = await call({}, "POST", "/api/v2/otp/request", { ...otp, msisdn: "0812345678" });
    expect(code.statusCode).toBe(403);
    expect(code.json().errors[0]).toMatchObject({ name: "ERROR_PHONE_NOT_VERIFIED" });

    await setPhoneVerified(tenant, true);
    expect((await call(basic(sms), "POST", "/api/v2/sms", payload)).statusCode).toBe(201);
  });
});

describe("one free trial per verified phone number, across organizations", () => {
  it("refuses the trial in the user's second organization, and to whoever has the number next", async () => {
    const tenant = await createTenant(t, { name: "First Home" });
    expect((await call(tenant.headers, "POST", "/c/orders/free-trial", {})).statusCode).toBe(201);
    // The same person opens a second organization (it becomes the current one).
    await createOrganization(t.db, { name: "Second Home", ownerId: tenant.userId, makeDefault: true });
    const second = await call(tenant.headers, "POST", "/c/orders/free-trial", {});
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).message).toBe(
      "This phone number has already had its free trial (one per phone number, across all organizations).",
    );
    const th = await call(tenant.headers, "POST", "/c/orders/free-trial", {}, "th");
    expect(errorOf(th).message).toContain("หมายเลขโทรศัพท์นี้ใช้สิทธิ์ทดลองใช้ฟรีไปแล้ว");

    // The number moves to another account (changed away, then taken and verified by someone else).
    const [user] = await t.db
      .select({ phone: schema.users.phoneNumber })
      .from(schema.users)
      .where(eq(schema.users.id, tenant.userId));
    await t.db
      .update(schema.users)
      .set({ phoneNumber: `${user?.phone}9` })
      .where(eq(schema.users.id, tenant.userId));
    const next = await createTenant(t, { name: "Next Owner" });
    await t.db
      .update(schema.users)
      .set({ phoneNumber: user?.phone ?? "" })
      .where(eq(schema.users.id, next.userId));
    expect((await call(next.headers, "POST", "/c/orders/free-trial", {})).statusCode).toBe(409);
    const [orders] = await t.db
      .select({ n: count() })
      .from(schema.orders)
      .where(and(eq(schema.orders.organizationId, next.organizationId), eq(schema.orders.isTrial, true)));
    expect(orders?.n).toBe(0);
  });

  it("grants one trial when one number redeems in two organizations at once", async () => {
    const tenant = await createTenant(t, { name: "Race One" });
    const other = await createOrganization(t.db, { name: "Race Two", ownerId: tenant.userId });
    const scopes = [tenant.organizationId, other.organizationId].map((id) => new TenantScope(t.db, id));
    const outcomes = await Promise.allSettled(
      scopes.flatMap((scope) =>
        [0, 1].map(() => redeemFreeTrial({ scope, userId: tenant.userId, packageId: TRIAL_ID })),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === "rejected") expect(o.reason).toBeInstanceOf(AppError);
    }
    const [phone] = await t.db
      .select({ phone: schema.users.phoneNumber })
      .from(schema.users)
      .where(eq(schema.users.id, tenant.userId));
    const claims = await t.db
      .select()
      .from(schema.freeTrialPhones)
      .where(eq(schema.freeTrialPhones.phoneNumber, phone?.phone ?? ""));
    expect(claims).toHaveLength(1);
    const balances = await Promise.all(
      [tenant.organizationId, other.organizationId].map((id) =>
        f.balance({ organizationId: id } as TestTenant),
      ),
    );
    expect(balances.sort()).toEqual([0, 50]);
  });
});

describe("SMS codes to numbers the account chooses are budgeted per account per day", () => {
  it("allows 5 a day (the registration code included), then 429 with Retry-After, in th and en", async () => {
    const { person } = await registerPerson(t);
    const { token } = await loginPerson(t, person.email);
    const headers = bearer(token);
    // Four changes to four different numbers: each number's own quota is far from full.
    for (let i = 1; i <= 4; i++) {
      const res = await call(headers, "PUT", "/c/me/phone-number", { phone_number: `09988877${i}0` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await call(headers, "PUT", "/c/me/phone-number", { phone_number: "0998887750" });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect(errorOf(limited)).toMatchObject({
      code: "RATE_LIMITED",
      message:
        "This account has asked for 5 SMS verification codes in 24 hours. Please try again in 24 hours.",
    });
    const th = await call(headers, "GET", "/c/me/request-verify?type=phone", undefined, "th");
    expect(th.statusCode).toBe(429);
    expect(errorOf(th).message).toContain("ครบ 5 ครั้งใน 24 ชั่วโมง");
    // E-mail codes are not SMS the operator pays for: not counted.
    const email = await call(headers, "PUT", "/c/me/email", { email: `other-${Date.now()}@example.com` });
    expect(email.statusCode, email.body).toBe(200);
  });
});

describe("the shared sender carries only the OTP API's codes, in the platform's words", () => {
  it("refuses free text under the shared sender in the portal and /api/v2/sms", async () => {
    const tenant = await f.freshTenant(100);
    const portal = await call(tenant.headers, "POST", "/c/messages", {
      phone_number: "0812345678",
      sender: SHARED_SENDER.name,
      purpose: "general",
      message: "รหัส OTP ของคุณคือ 123456 (Ref: AB12CD)",
    });
    expect(portal.statusCode).toBe(400);
    expect(errorOf(portal).details).toEqual([
      {
        path: "sender",
        message:
          "The shared sender name carries only OTP codes of the API. Please request your organization's own sender name and wait for its approval before sending messages.",
      },
    ]);
    const api = await call(basic(await smsKey(tenant)), "POST", "/api/v2/sms", {
      msisdn: "0812345678",
      message: "Your parcel is held",
      sender: SHARED_SENDER.name,
    });
    expect(api.statusCode).toBe(400);
    expect(api.json().error).toMatchObject({ name: "ERROR_INVALID_SENDER" });
    expect(api.json().error.description).toContain("shared sender name carries only OTP codes");
    const own = await call(tenant.headers, "POST", "/c/messages", {
      phone_number: "0812345678",
      sender: tenant.sender,
      purpose: "general",
      message: "Your parcel is held",
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it("sends OTP codes under the shared sender with the platform's text, never the organization's own", async () => {
    const tenant = await f.freshTenant(100);
    const put = await call(tenant.headers, "PUT", "/c/api-settings", {
      otp_sender: null,
      otp_language: "en",
      otp_message_th: "SMSPortal แจ้ง: โทร 02-000-0000 {pin}",
      otp_message_en: "SMSPortal support: call 02-000-0000 now {pin}",
      rate_limit_per_second: 50,
      pump_prefix_max: 200,
      pump_fresh_key_max: 300,
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await call({}, "POST", "/api/v2/otp/request", {
      ...(await smsKey(tenant, "otp")),
      msisdn: "0812345679",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [sent] = await t.db
      .select({ text: schema.campaigns.text, sender: schema.campaigns.senderName })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, tenant.organizationId));
    expect(sent?.sender).toBe(SHARED_SENDER.name);
    expect(sent?.text).not.toContain("02-000-0000");
    expect(sent?.text).toMatch(/\d{6}/);
  });
});

describe("a free-trial organization's limits until a paid order is approved", () => {
  async function trialTenant(): Promise<TestTenant> {
    const tenant = await createTenant(t, { name: "Trial Only" });
    expect((await call(tenant.headers, "POST", "/c/orders/free-trial", {})).statusCode).toBe(201);
    await ownSender(t, tenant);
    return tenant;
  }
  const numbers = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => `08170${String(from + i).padStart(5, "0")}`).join("\n");
  const campaign = (tenant: TestTenant, manual: string, message = "Your order is ready") =>
    call(tenant.headers, "POST", "/c/campaigns", {
      name: "Trial",
      sender: OWN_SENDER,
      purpose: "general",
      manual_contacts: manual,
      message,
    });

  it("refuses links in the text, with a translated 422", async () => {
    const tenant = await trialTenant();
    for (const message of [
      "Pay at http://evil.example/pay",
      "Pay at www.evil.example",
      "Pay at evil-pay.com now",
    ]) {
      const res = await call(tenant.headers, "POST", "/c/messages", {
        phone_number: "0812345678",
        sender: OWN_SENDER,
        purpose: "general",
        message,
      });
      expect({ message, status: res.statusCode }).toEqual({ message, status: 422 });
      expect(errorOf(res).message).toBe(
        "A free-trial account cannot send links or web addresses until a paid order of it has been approved.",
      );
    }
    expect(await f.balance(tenant)).toBe(50);
  });

  it("reaches at most 10 distinct numbers in 24 hours (repeats are free of the cap), also through the API", async () => {
    const tenant = await trialTenant();
    expect((await campaign(tenant, numbers(0, 10))).statusCode).toBe(201);
    // The same numbers again are no new recipients.
    expect((await campaign(tenant, numbers(0, 3))).statusCode).toBe(201);
    const eleventh = await campaign(tenant, numbers(10, 1));
    expect(eleventh.statusCode).toBe(422);
    expect(errorOf(eleventh).message).toBe(
      "A free-trial account can reach at most 10 different numbers in 24 hours until a paid order of it has been approved.",
    );
    const th = await campaign(tenant, numbers(10, 1));
    expect(th.statusCode).toBe(422);
    const api = await call(basic(await smsKey(tenant)), "POST", "/api/v2/sms", {
      msisdn: "0817099999",
      message: "Hi",
      sender: OWN_SENDER,
    });
    expect(api.statusCode).toBe(422);
    expect(api.json().error.name).toBe("ERROR_UNPROCESSABLE");
    expect(await f.balance(tenant)).toBe(50 - 13);
  });

  it("lets only one of two concurrent sends take the last number", async () => {
    const tenant = await trialTenant();
    expect((await campaign(tenant, numbers(100, 9))).statusCode).toBe(201);
    const [a, b] = await Promise.all([campaign(tenant, numbers(200, 1)), campaign(tenant, numbers(300, 1))]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 422]);
  });

  it("lifts the limits once a paid order is approved", async () => {
    const tenant = await trialTenant();
    expect((await campaign(tenant, numbers(400, 10))).statusCode).toBe(201);
    await t.db.insert(schema.orders).values({
      organizationId: tenant.organizationId,
      packageId: 1,
      packageName: "Starter",
      months: 1,
      credits: 0,
      subTotalSatang: 79_900,
      vatSatang: 5_593,
      withholdingTaxSatang: 0,
      totalSatang: 85_493,
      buyerType: "individual",
      buyerName: "Somchai",
      status: "approved",
      decidedAt: new Date(),
    });
    expect((await campaign(tenant, numbers(500, 5), "See https://example.com/track")).statusCode).toBe(201);
  });
});
