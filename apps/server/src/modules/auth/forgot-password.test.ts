import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  lastCode,
  lastMessage,
  loginPerson,
  markPhoneVerified,
  messagesTo,
  registerPerson,
  to66,
} from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { DEVICE_COOKIE } from "./trusted-devices.ts";

describe("forgot password", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgot = (username: string, lang = "th") =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password",
      headers: { "accept-language": lang },
      payload: { username },
    });
  const verify = (token: string, code: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/c/guest/forgot-password/verify", payload: { token, code } });
  const reset = (reset_token: string, password = "newpass456", lang = "th") =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/reset-password",
      headers: { "accept-language": lang },
      payload: { reset_token, password, password_confirmation: password },
    });

  it("sends the code by e-mail for an e-mail and resets the password, ending every session", async () => {
    const { person } = await registerPerson(t);
    const session = await loginPerson(t, person.email);
    const res = await forgot(person.email, "en");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ resend_after: 60, expires_in: 300 });
    const mail = await lastMessage(t, person.email);
    expect(mail?.subject).toBe(`Your OTP code (Ref: ${data.ref_code})`);
    const verified = await verify(data.token, await lastCode(t, person.email));
    expect(verified.statusCode).toBe(200);
    const done = await reset(verified.json().data.reset_token, "newpass456", "en");
    expect(done.statusCode).toBe(200);
    expect(done.json().data.message).toBe("Your password has been reset. Please login again.");
    const old = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(session.token) });
    expect(old.statusCode).toBe(401);
    await loginPerson(t, person.email, "newpass456");
    // The reset token works once.
    expect((await reset(verified.json().data.reset_token, "another789")).statusCode).toBe(400);
  });

  it("sends the code by SMS for a verified phone username", async () => {
    const { person } = await registerPerson(t);
    await markPhoneVerified(t, person.phone_number);
    await forgot(person.phone_number);
    expect((await lastMessage(t, to66(person.phone_number)))?.text).toContain("รหัส OTP");
  });

  it("sends nothing to a phone the account never verified, and answers as for any other number", async () => {
    const { person } = await registerPerson(t);
    const before = (await messagesTo(t, to66(person.phone_number))).length;
    const unverified = await forgot(person.phone_number);
    const unknown = await forgot("0899999997");
    expect(unverified.statusCode).toBe(200);
    expect(Object.keys(unverified.json().data).sort()).toEqual(Object.keys(unknown.json().data).sort());
    expect(await messagesTo(t, to66(person.phone_number))).toHaveLength(before);
  });

  it("answers unknown usernames exactly like real ones", async () => {
    const { person } = await registerPerson(t);
    const real = await forgot(person.email);
    const unknown = await forgot("nobody@example.com");
    const phone = await forgot("0899999998");
    for (const res of [unknown, phone]) {
      expect(res.statusCode).toBe(real.statusCode);
      expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(real.json().data).sort());
    }
    expect(await lastMessage(t, "nobody@example.com")).toBeUndefined();
    const wrong = await verify(unknown.json().data.token, "000000");
    expect(wrong.json().error.code).toBe("OTP_INVALID");
  });

  it("rejects a wrong, a reused and an expired code, and an expired reset token", async () => {
    const { person } = await registerPerson(t);
    const data = (await forgot(person.email, "en")).json().data;
    const code = await lastCode(t, person.email);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password/verify",
      headers: { "accept-language": "en" },
      payload: { token: data.token, code: wrongCode },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: "OTP_INVALID", message: "OTP code is invalid." });
    const ok = await verify(data.token, code);
    expect(ok.statusCode).toBe(200);
    const reused = await verify(data.token, code);
    expect(reused.json().error.code).toBe("OTP_EXPIRED");

    await t.db
      .update(schema.otpCodes)
      .set({ grantExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.otpCodes.id, data.token));
    const late = await reset(ok.json().data.reset_token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe("OTP_EXPIRED");

    const again = (await forgot(person.email)).json().data;
    const code2 = await lastCode(t, person.email);
    await t.db
      .update(schema.otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.otpCodes.id, again.token));
    expect((await verify(again.token, code2)).json().error.code).toBe("OTP_EXPIRED");
    expect((await verify("not-a-uuid-but-long-enough", "123456")).json().error.code).toBe("OTP_INVALID");
  });

  it("validates the new password and its confirmation", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/reset-password",
      headers: { "accept-language": "en" },
      payload: { reset_token: "x".repeat(43), password: "ก12345", password_confirmation: "ก12345" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      {
        path: "password",
        message: "Password must be 6-20 characters, using English letters or digits only.",
      },
    ]);
  });
});

/**
 * Issue 23 point 8 (ADR 0004) with the real limits: strangers who know an e-mail spend only the
 * budget they share; the owner's trusted browser and the verified phone each keep one of their own.
 */
describe("forgot password under the real rate limits", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: "1" } });
  });
  afterAll(() => t.close());

  let ip = 0;
  const nextIp = () => `10.23.8.${++ip}`;
  const forgot = (username: string, options: { device?: string | undefined; ip?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password",
      remoteAddress: options.ip ?? nextIp(),
      headers: options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {},
      payload: { username },
    });
  /** Signs in from a browser, which then carries the account's device cookie. */
  const trustedBrowser = async (username: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/login",
      remoteAddress: nextIp(),
      payload: { username, password: "secret123" },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
    if (!cookie) throw new Error("no device cookie");
    return cookie;
  };
  const codeFor = async (recipient: string, ref: string) =>
    (await messagesTo(t, recipient)).find((m) => m.text.includes(ref))?.text.match(/\d{6}/)?.[0];

  it("10 reset requests from other addresses, then the owner's reset from its trusted browser gets a code", async () => {
    const { person } = await registerPerson(t);
    const device = await trustedBrowser(person.email);

    const strangers: number[] = [];
    for (let i = 0; i < 10; i++) strangers.push((await forgot(` ${person.email.toUpperCase()} `)).statusCode);
    // The shared budget is spent: the OTP quota's 5 codes, then the username's limit.
    expect(strangers.filter((s) => s === 200)).toHaveLength(5);
    expect(strangers.filter((s) => s === 429)).toHaveLength(5);
    expect((await forgot(person.email)).statusCode).toBe(429);

    const owner = await forgot(person.email, { device });
    expect(owner.statusCode).toBe(200);
    const { token, ref_code } = owner.json().data;
    const code = await codeFor(person.email, ref_code);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password/verify",
      remoteAddress: nextIp(),
      payload: { token, code },
    });
    expect(verified.statusCode).toBe(200);

    // Still shut to a stranger, and to someone holding a device cookie of another account.
    const other = await registerPerson(t);
    const othersDevice = await trustedBrowser(other.person.email);
    expect((await forgot(person.email, { device: othersDevice })).statusCode).toBe(429);
    expect((await forgot(person.email, { device: "forged-device-token" })).statusCode).toBe(429);
  });

  it("gives the verified phone a budget of its own, and the trusted browser one per username", async () => {
    const { person } = await registerPerson(t);
    await markPhoneVerified(t, person.phone_number);
    const device = await trustedBrowser(person.email);
    for (let i = 0; i < 10; i++) await forgot(person.email);
    expect((await forgot(person.email)).statusCode).toBe(429);

    const byPhone = await forgot(person.phone_number);
    expect(byPhone.statusCode).toBe(200);
    expect(await codeFor(to66(person.phone_number), byPhone.json().data.ref_code)).toMatch(/^\d{6}$/);

    for (let i = 0; i < 10; i++) await forgot(person.phone_number);
    expect((await forgot(person.phone_number)).statusCode).toBe(429);
    const fromBrowser = await forgot(person.phone_number, { device });
    expect(fromBrowser.statusCode).toBe(200);
    expect(await codeFor(to66(person.phone_number), fromBrowser.json().data.ref_code)).toMatch(/^\d{6}$/);
  });

  it("keeps the trusted browser's own budget bounded", async () => {
    const { person } = await registerPerson(t);
    const device = await trustedBrowser(person.email);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await forgot(person.email, { device })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    // The strangers' budget was not touched by the owner's requests.
    expect((await forgot(person.email)).statusCode).toBe(200);
  });

  it("answers an unknown e-mail exactly as a real one, request by request", async () => {
    const { person } = await registerPerson(t);
    const ghost = `ghost-${process.pid}-${Date.now()}@example.com`;
    const shape = (res: Awaited<ReturnType<typeof forgot>>) => [
      res.statusCode,
      Object.keys(res.json().data ?? res.json().error).sort(),
    ];
    for (let i = 0; i < 7; i++) {
      expect(shape(await forgot(ghost))).toEqual(shape(await forgot(person.email)));
    }
  });
});
