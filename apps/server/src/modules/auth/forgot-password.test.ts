import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, lastCode, lastMessage, loginPerson, registerPerson, to66 } from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

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

  it("sends the code by SMS for a phone username", async () => {
    const { person } = await registerPerson(t);
    await forgot(person.phone_number);
    expect((await lastMessage(t, to66(person.phone_number)))?.text).toContain("รหัส OTP");
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

    await t.db.db
      .update(schema.otpCodes)
      .set({ grantExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.otpCodes.id, data.token));
    const late = await reset(ok.json().data.reset_token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe("OTP_EXPIRED");

    const again = (await forgot(person.email)).json().data;
    const code2 = await lastCode(t, person.email);
    await t.db.db
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
