import domainEn from "@sms/domain/catalogue-en";
import domainTh from "@sms/domain/catalogue-th";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSmsKey } from "../../test/api-keys.ts";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { registerPublicErrors } from "./errors.ts";
import { registerOtpErrors } from "./otp-errors.ts";

/**
 * Review S4-10: a NUL (or a lone surrogate) in any text field answered 500, logged as an internal
 * error. The contracts' text primitive now refuses it with a translated 400 (ADR 0031); a NUL that
 * still reaches the database (SQLSTATE 22021/22P05) is the caller's 400 in every envelope.
 */

const MESSAGE = {
  th: domainTh["validation.text_unsupported_character"],
  en: domainEn["validation.text_unsupported_character"],
};

/** Test-only routes that send a NUL to the database, as input no contract checked would. */
function poisonRoutes(app: FastifyInstance) {
  const poison = async () => {
    await app.db.execute(sql`select ${"poison\u0000"}::text`);
    return { ok: true };
  };
  app.get("/test/unstorable-text", poison);
  app.get("/test/unstorable-json", async () => {
    await app.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`);
    return { ok: true };
  });
  void app.register(
    async (scope) => {
      registerPublicErrors(scope);
      scope.get("/sms", poison);
    },
    { prefix: "/test/v2" },
  );
  void app.register(
    async (scope) => {
      registerOtpErrors(scope);
      scope.get("/otp", poison);
    },
    { prefix: "/test/v2" },
  );
}

let t: TestContext;
let tenant: TestTenant;
let groupId: number;
let sms: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ routes: poisonRoutes });
  tenant = await createTenant(t);
  const group = await t.app.inject({
    method: "POST",
    url: "/api/v1/c/contact-groups",
    headers: tenant.headers,
    payload: { name: "Customers" },
  });
  expect(group.statusCode, group.body).toBe(201);
  groupId = group.json().data.id;
  await sendFixtures(t).fund(tenant, 100);
  sms = await issueSmsKey(t, tenant);
});
afterAll(() => t?.close());

describe("NUL and lone surrogates in portal requests (S4-10)", () => {
  // The ten requests of the review that answered 500, and the same with a lone surrogate.
  const requests = (bad: string): (InjectOptions & { field: string })[] => [
    {
      method: "PATCH",
      url: "/api/v1/c/me",
      payload: { first_name: `a${bad}b`, last_name: "x" },
      field: "first_name",
    },
    { method: "POST", url: "/api/v1/c/contact-groups", payload: { name: `g${bad}` }, field: "name" },
    {
      method: "POST",
      url: `/api/v1/c/contact-groups/${groupId}/contacts`,
      payload: { first_name: `a${bad}`, last_name: "b", phone_number: "0812345678" },
      field: "first_name",
    },
    {
      method: "POST",
      url: "/api/v1/c/templates",
      payload: { name: "t", message: `hi${bad}` },
      field: "message",
    },
    {
      method: "POST",
      url: "/api/v1/c/campaigns",
      payload: { name: `c${bad}`, sender: "SMSPortal", message: "hi", manual_contacts: "0812345678" },
      field: "name",
    },
    {
      method: "PATCH",
      url: `/api/v1/c/organizations/${tenant.organizationId}`,
      payload: { name: `Org${bad}` },
      field: "name",
    },
    {
      method: "POST",
      url: "/api/v1/c/whitelist-ips",
      payload: { name: `office${bad}`, ip_address: "203.0.113.7" },
      field: "name",
    },
    {
      method: "POST",
      url: "/api/v1/c/senders",
      payload: { name: "ACME", company_name: `Acme${bad}`, example_message: "hello", purpose: "general" },
      field: "company_name",
    },
    // A URL carries UTF-8, which has no lone surrogates: only the NUL applies to a query string.
    ...(bad === "\u0000"
      ? [{ method: "GET" as const, url: "/api/v1/c/contact-groups?search=x%00", field: "search" }]
      : []),
  ];

  for (const [name, bad] of [
    ["a NUL", "\u0000"],
    ["a lone surrogate", "\uD83D"],
  ] as const) {
    for (const lang of ["en", "th"] as const) {
      it(`answers ${name} with a 400 naming the field, in ${lang}`, async () => {
        for (const { field, ...request } of requests(bad)) {
          const res = await t.app.inject({
            ...request,
            headers: { ...tenant.headers, "accept-language": lang },
          });
          const label = `${request.method} ${request.url}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          expect(res.json().error.code, label).toBe("VALIDATION");
          expect(res.json().error.details, label).toContainEqual({ path: field, message: MESSAGE[lang] });
        }
      });
    }
  }

  it("still stores text PostgreSQL can store: emoji, Thai, control characters other than NUL", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/templates",
      headers: tenant.headers,
      payload: { name: "ทดสอบ 😀", message: "สวัสดี 👍🏽\ttab\u0001" },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("NUL in the public API (S4-8, S4-10)", () => {
  const basic = () => sms.authorization;

  it("answers a NUL in the JSON or form body of POST /api/v2/sms with ERROR_INVALID_PARAMETER, charging nothing", async () => {
    const before = await sendFixtures(t).balance(tenant);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/v2/sms",
      headers: { authorization: basic() },
      payload: { msisdn: "0812345678", message: "poison\u0000", sender: "SMSPortal" },
    });
    const form = await t.app.inject({
      method: "POST",
      url: "/api/v2/sms",
      headers: { authorization: basic(), "content-type": "application/x-www-form-urlencoded" },
      payload: "msisdn=0812345678&message=hi&sender=SMSPortal&tag=a%00b",
    });
    for (const [res, field] of [
      [json, "message"],
      [form, "tag"],
    ] as const) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 400, name: "ERROR_INVALID_PARAMETER" });
      expect(res.json().error.description).toContain(field);
    }
    expect(await sendFixtures(t).balance(tenant)).toBe(before);
  });

  it("answers a NUL in an OTP request with the OTP envelope's 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v2/otp/request",
      payload: { key: "k\u0000", secret: "s", msisdn: "0812345678" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errors: [{ name: "ERROR_INVALID_PARAMETER" }] });
  });
});

describe("a NUL the database refuses is the caller's 400 (SQLSTATE 22021 and 22P05 safety net)", () => {
  it("answers the portal's envelope", async () => {
    for (const url of ["/test/unstorable-text", "/test/unstorable-json"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "accept-language": "th" } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toEqual({ code: "VALIDATION", message: MESSAGE.th });
    }
  });

  it("answers the public API's and the OTP API's envelopes", async () => {
    const v2 = await t.app.inject({ method: "GET", url: "/test/v2/sms" });
    expect(v2.statusCode, v2.body).toBe(400);
    expect(v2.json().error).toEqual({ code: 400, name: "ERROR_INVALID_PARAMETER", description: MESSAGE.en });
    const otp = await t.app.inject({ method: "GET", url: "/test/v2/otp" });
    expect(otp.statusCode, otp.body).toBe(400);
    expect(otp.json()).toEqual({
      code: 400,
      errors: [{ name: "ERROR_INVALID_PARAMETER", message: MESSAGE.en }],
    });
  });
});
