import { schema } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, lastCode, lastMessage, loginPerson, registerPerson, to66 } from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

describe("/c/me", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signedIn() {
    const { person } = await registerPerson(t);
    const pair = await loginPerson(t, person.email);
    return { person, ...pair, headers: bearer(pair.token) };
  }

  it("GET answers every field of spec §3 Me", async () => {
    const { person, headers } = await signedIn();
    const res = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers });
    expect(res.statusCode).toBe(200);
    const me = res.json().data;
    expect(me).toEqual({
      id: expect.any(Number),
      first_name: "Somchai",
      last_name: "Jaidee",
      email: person.email,
      phone_number: to66(person.phone_number),
      roles: [1],
      default_organization_id: expect.any(Number),
      default_organization: {
        id: me.default_organization_id,
        name: "Somchai Jaidee",
        credits: 0,
        credit_expired_on: null,
        credit_trial_redeemed_at: null,
        suspension: null,
      },
      tnc_log: { version: "1.0", accepted_at: expect.any(String) },
      tnc_version: "1.0",
      tnc_accepted_at: me.tnc_log.accepted_at,
      phone_number_verified_at: null,
      email_verified_at: null,
    });
  });

  it("rejects missing, malformed, wrongly signed and wrong-audience tokens", async () => {
    const { token } = await signedIn();
    const [h, p] = token.split(".");
    const tampered = `${h}.${p}.${"A".repeat(43)}`;
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${p}.`;
    for (const headers of [
      {},
      { authorization: "Bearer nope" },
      bearer(tampered),
      bearer(none),
      { authorization: token },
    ]) {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHORIZED");
    }
  });

  it("PATCH edits the names only", async () => {
    const { headers, person } = await signedIn();
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/c/me",
      headers,
      payload: { first_name: "Suda", last_name: "Dee", email: "hijack@example.com" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: "Suda", last_name: "Dee", email: person.email });
  });

  it("logout revokes the session", async () => {
    const { headers, refresh_token } = await signedIn();
    const res = await t.app.inject({ method: "POST", url: "/api/v1/c/me/logout", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe("ออกจากระบบเรียบร้อยแล้ว");
    const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe("UNAUTHORIZED");
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/refresh-token",
      payload: { refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("tnc records the current version and refuses another one", async () => {
    const { headers } = await signedIn();
    await t.db.execute(sql`update configurations set value = '2.0' where key = 'tnc_version'`);
    const stale = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/tnc",
      headers: { ...headers, "accept-language": "en" },
      payload: { version: "1.0" },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain("terms and conditions have changed");
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/tnc",
      headers,
      payload: { version: "2.0" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ version: "2.0", accepted_at: expect.any(String) });
    const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers });
    expect(me.json().data.tnc_log.version).toBe("2.0");
    await t.db.execute(sql`update configurations set value = '1.0' where key = 'tnc_version'`);
  });

  it("a password change checks the current password, ends every session and says Please login again", async () => {
    const { headers, person } = await signedIn();
    const wrong = await t.app.inject({
      method: "PUT",
      url: "/api/v1/c/me/password",
      headers: { ...headers, "accept-language": "en" },
      payload: { current_password: "nope12345", password: "newpass456", password_confirmation: "newpass456" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([
      { path: "current_password", message: "The current password is incorrect." },
    ]);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/v1/c/me/password",
      headers: { ...headers, "accept-language": "en" },
      payload: { current_password: "secret123", password: "newpass456", password_confirmation: "newpass456" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe("Please login again");
    expect((await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers })).statusCode).toBe(401);
    await loginPerson(t, person.email, "newpass456");
  });

  describe("verification", () => {
    it("request-verify sends a code to the current phone; verify marks it verified", async () => {
      const { headers, person } = await signedIn();
      const req = await t.app.inject({
        method: "GET",
        url: "/api/v1/c/me/request-verify?type=phone",
        headers,
      });
      expect(req.statusCode).toBe(200);
      const code = await lastCode(t, to66(person.phone_number));
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/me/verify",
        headers: { ...headers, "accept-language": "en" },
        payload: { type: "phone", code, ref_code: req.json().data.ref_code.toLowerCase() },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ type: "phone", message: "Your phone number is verified." });
      const me = (await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers })).json().data;
      expect(me.phone_number_verified_at).toBe(res.json().data.verified_at);
      const again = await t.app.inject({
        method: "GET",
        url: "/api/v1/c/me/request-verify?type=phone",
        headers,
      });
      expect(again.statusCode).toBe(409);
    });

    it("a code is single use, dies after 5 wrong checks and expires after 5 minutes", async () => {
      const { headers, person } = await signedIn();
      const verify = (code: string, ref_code: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/c/me/verify",
          headers: { ...headers, "accept-language": "en" },
          payload: { type: "email", code, ref_code },
        });
      const ask = async () => {
        const res = await t.app.inject({
          method: "GET",
          url: "/api/v1/c/me/request-verify?type=email",
          headers,
        });
        return { ref: res.json().data.ref_code as string, code: await lastCode(t, person.email) };
      };
      const wrongOf = (code: string) => (code === "000000" ? "111111" : "000000");

      const a = await ask();
      for (let i = 0; i < 5; i++) {
        const res = await verify(wrongOf(a.code), a.ref);
        expect(res.json().error).toEqual({ code: "OTP_INVALID", message: "OTP code is invalid." });
      }
      expect((await verify(a.code, a.ref)).json().error.code).toBe("OTP_EXPIRED");

      const b = await ask();
      await t.db
        .update(schema.otpCodes)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(schema.otpCodes.refCode, b.ref));
      expect((await verify(b.code, b.ref)).json().error.code).toBe("OTP_EXPIRED");

      const c = await ask();
      // Bound to its purpose: the e-mail code does not verify the phone.
      const crossed = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/me/verify",
        headers,
        payload: { type: "phone", code: c.code, ref_code: c.ref },
      });
      expect(crossed.json().error.code).toBe("OTP_INVALID");
      expect((await verify(c.code, c.ref)).statusCode).toBe(200);
      expect((await verify(c.code, c.ref)).json().error.code).toBe("OTP_EXPIRED");
    });

    it("allows 5 sends per destination per 10 minutes, then 429 with Retry-After", async () => {
      const { headers } = await signedIn();
      // Registration already sent the first code to this phone: the quota counts every purpose.
      const tickets = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: "GET",
          url: "/api/v1/c/me/request-verify?type=phone",
          headers,
        });
        expect(res.statusCode).toBe(200);
        tickets.push(res.json().data);
      }
      expect(tickets[2].resend_after).toBe(60);
      expect(tickets[3].resend_after).toBeGreaterThan(500);
      const limited = await t.app.inject({
        method: "GET",
        url: "/api/v1/c/me/request-verify?type=phone",
        headers: { ...headers, "accept-language": "en" },
      });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(500);
      expect(limited.json().error.code).toBe("RATE_LIMITED");
      expect(limited.json().error.message).toMatch(
        /^Too many OTP codes were requested. Please try again in \d+ seconds.$/,
      );
    });

    it("validates the query and body with translated messages", async () => {
      const { headers } = await signedIn();
      const q = await t.app.inject({
        method: "GET",
        url: "/api/v1/c/me/request-verify?type=fax",
        headers: { ...headers, "accept-language": "en" },
      });
      expect(q.statusCode).toBe(400);
      expect(q.json().error.details).toEqual([{ path: "type", message: "Choose phone or e-mail." }]);
      const b = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/me/verify",
        headers,
        payload: { type: "phone", code: "12ab", ref_code: "!" },
      });
      expect(b.json().error.details).toEqual([
        { path: "code", message: "รหัส OTP ไม่ถูกต้อง" },
        { path: "ref_code", message: "รหัสอ้างอิงไม่ถูกต้อง" },
      ]);
    });
  });

  describe("changing phone or e-mail", () => {
    it("an e-mail change applies only after the code sent to the new address is confirmed", async () => {
      const { headers, person } = await signedIn();
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/v1/c/me/email",
        headers,
        payload: { email: "New.Address@Example.com" },
      });
      expect(res.statusCode).toBe(200);
      const before = (await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers })).json().data;
      expect(before.email).toBe(person.email);
      const code = await lastCode(t, "new.address@example.com");
      expect(await lastMessage(t, person.email)).toBeUndefined();
      const ok = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/me/verify",
        headers,
        payload: { type: "email", code, ref_code: res.json().data.ref_code },
      });
      expect(ok.statusCode).toBe(200);
      const after = (await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers })).json().data;
      expect(after.email).toBe("new.address@example.com");
      expect(after.email_verified_at).not.toBeNull();
      await loginPerson(t, "new.address@example.com");
    });

    it("a phone change goes by SMS to the new number", async () => {
      const { headers } = await signedIn();
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/v1/c/me/phone-number",
        headers,
        payload: { phone_number: "0998887777" },
      });
      expect(res.statusCode).toBe(200);
      const code = await lastCode(t, "66998887777");
      const ok = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/me/verify",
        headers,
        payload: { type: "phone", code, ref_code: res.json().data.ref_code },
      });
      expect(ok.json().data).toMatchObject({ type: "phone", value: "66998887777" });
    });

    it("an address of another account gets a notice, not a code, and the same answer", async () => {
      const other = await registerPerson(t);
      const { headers } = await signedIn();
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/v1/c/me/email",
        headers,
        payload: { email: other.person.email },
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().data).sort()).toEqual(["expires_in", "ref_code", "resend_after"]);
      expect((await lastMessage(t, other.person.email))?.subject).toBe("มีผู้พยายามใช้อีเมลของคุณกับบัญชีอื่น");
    });

    it("refuses the current value and invalid input", async () => {
      const { headers, person } = await signedIn();
      const same = await t.app.inject({
        method: "PUT",
        url: "/api/v1/c/me/phone-number",
        headers,
        payload: { phone_number: person.phone_number },
      });
      expect(same.statusCode).toBe(400);
      const bad = await t.app.inject({
        method: "PUT",
        url: "/api/v1/c/me/phone-number",
        headers: { ...headers, "accept-language": "en" },
        payload: { phone_number: "0212345678" },
      });
      expect(bad.json().error.details).toEqual([
        { path: "phone_number", message: "Phone Number is invalid!" },
      ]);
    });
  });
});
