import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bearer, loginPerson, registerPerson } from "../test/accounts.ts";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { issueMessageKey, type ValidationIssue } from "./errors.ts";

const THAI = /[\u0E00-\u0E7F]/;
/** zod's built-in English texts ("Invalid input: expected string, received undefined", …). */
const json = { "content-type": "application/json" };
const ZOD_ENGLISH =
  /Invalid input|expected|received|Too (big|small)|Unrecognized key|Invalid (option|string)/i;

describe("validation details are translated", () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { person } = await registerPerson(t);
    token = (await loginPerson(t, person.email)).token;
  });
  afterAll(() => t.close());

  const malformed = (): InjectOptions[] => [
    { method: "POST", url: "/api/v1/c/guest/login", payload: {} },
    { method: "POST", url: "/api/v1/c/guest/login", payload: [1, 2] },
    { method: "POST", url: "/api/v1/c/guest/forgot-password", payload: "null", headers: json },
    { method: "POST", url: "/api/v1/c/guest/reset-password", payload: '"text"', headers: json },
    { method: "POST", url: "/api/v1/c/contact-us", payload: { website: 5 } },
    { method: "POST", url: "/api/v1/c/guest/login", payload: { username: 12345, password: ["x"] } },
    { method: "POST", url: "/api/v1/c/guest/refresh-token", payload: { refresh_token: 42 } },
    {
      method: "POST",
      url: "/api/v1/c/guest/register",
      payload: { first_name: "a".repeat(300), accept_terms: "yes", password: 1 },
    },
    { method: "POST", url: "/api/v1/c/guest/forgot-password/verify", payload: { token: null } },
    { method: "POST", url: "/api/v1/c/contact-us", payload: { name: 1, topic: "nonsense" } },
    { method: "GET", url: "/api/v1/c/packages?page=abc&size=-1" },
    { method: "GET", url: "/api/v1/c/me/request-verify?type=fax", headers: bearer(token) },
    { method: "PATCH", url: "/api/v1/c/me", headers: bearer(token), payload: { first_name: {} } },
  ];

  for (const lang of ["th", "en"] as const) {
    it(`answers malformed bodies with our own ${lang} texts, never zod's`, async () => {
      for (const request of malformed()) {
        const res = await t.app.inject({
          ...request,
          headers: { ...request.headers, "accept-language": lang },
        });
        const label = `${request.method} ${request.url}`;
        expect(res.statusCode, label).toBe(400);
        const details: { path: string; message: string }[] = res.json().error.details ?? [];
        expect(details.length, label).toBeGreaterThan(0);
        for (const d of details) {
          expect(d.message, `${label} ${d.path}`).not.toMatch(ZOD_ENGLISH);
          expect(d.message, `${label} ${d.path}`).not.toMatch(/^[a-z_]+(\.[a-z0-9_]+)+$/);
          if (lang === "th") expect(d.message, `${label} ${d.path}`).toMatch(THAI);
        }
      }
    });
  }

  it("tells a missing field from a wrong type", async () => {
    const post = (payload?: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        headers: { "accept-language": "en" },
        ...(payload ? { payload } : {}),
      });
    const wrongType = (await post({ website: 5 })).json().error.details;
    expect(wrongType).toContainEqual({ path: "website", message: "This value has the wrong type." });
    expect((await post()).json().error.details).toEqual([
      { path: "", message: "The request data is missing or malformed." },
    ]);
  });
});

describe("issueMessageKey", () => {
  const schema = z.strictObject({
    name: z.string(),
    short: z.string().max(2),
    long: z.string().min(3),
    count: z.number().min(1).max(3),
    kind: z.enum(["a", "b"]),
    email: z.email(),
    own: z.string({ error: "validation.required" }),
  });
  const keysFor = (input: Record<string, unknown>) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error("expected issues");
    return Object.fromEntries(
      result.error.issues.map((issue) => [
        issue.path.join(".") || issue.code,
        issueMessageKey(
          {
            keyword: issue.code,
            message: issue.message,
            params: issue as ValidationIssue["params"],
            path: issue.path,
          },
          input,
        ),
      ]),
    );
  };

  it("maps every zod issue code to a translated key and keeps a contract's own key", () => {
    expect(
      keysFor({ short: "abc", long: "a", count: 9, kind: "c", email: "nope", own: 1, extra: true }),
    ).toEqual({
      name: "errors.field.required",
      short: "errors.field.too_long",
      long: "errors.field.too_short",
      count: "errors.field.too_large",
      kind: "errors.field.invalid_choice",
      email: "errors.field.invalid_format",
      own: "validation.required",
      unrecognized_keys: "errors.field.unknown_field",
    });
    expect(
      keysFor({ name: 1, short: "", long: "abc", count: 0, kind: "a", email: "a@b.co", own: "x" }),
    ).toEqual({
      name: "errors.field.wrong_type",
      count: "errors.field.too_small",
    });
  });
});
