import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  lastCode,
  loginPerson,
  markPhoneVerified,
  registerPerson,
  to66,
} from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

describe("POST /c/guest/login", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, lang = "th") =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/login",
      headers: { "accept-language": lang },
      payload: { username, password },
    });

  it("accepts the e-mail (any case) or the phone in 0…, +66… and 66… forms", async () => {
    const { person } = await registerPerson(t);
    const local = person.phone_number;
    for (const username of [person.email.toUpperCase(), local, `+66${local.slice(1)}`, to66(local)]) {
      const res = await login(username, "secret123");
      expect(res.statusCode, username).toBe(200);
      expect(res.json().data).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
    }
    const { token } = await loginPerson(t, person.email);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(person.email);
  });

  it("answers a wrong password and an unknown user the same way", async () => {
    const { person } = await registerPerson(t);
    const wrong = await login(person.email, "wrongpass1", "en");
    const unknown = await login("nobody@example.com", "wrongpass1", "en");
    const badPhone = await login("0899999999", "wrongpass1", "en");
    for (const res of [wrong, unknown, badPhone]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: "INVALID_CREDENTIALS", message: "The username or password is incorrect." },
      });
    }
  });

  it("validates the body with translated messages", async () => {
    const res = await login("", "", "en");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: "username", message: "Please enter your e-mail address or phone number." },
      { path: "password", message: "This field is required." },
    ]);
  });

  it("ends the older session: its access token gets SESSION_REPLACED and its refresh token too", async () => {
    const { person } = await registerPerson(t);
    const first = await loginPerson(t, person.email);
    const second = await loginPerson(t, person.phone_number);
    const old = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me",
      headers: { ...bearer(first.token), "accept-language": "en" },
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toEqual({
      code: "SESSION_REPLACED",
      message:
        "You were signed out because this account signed in on another device (one session at a time).",
    });
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/refresh-token",
      payload: { refresh_token: first.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error.code).toBe("SESSION_REPLACED");
    const current = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(second.token) });
    expect(current.statusCode).toBe(200);
  });

  it("locks the account after more than 10 wrong passwords in a Bangkok day; the forgot flow unlocks it", async () => {
    const { person } = await registerPerson(t);
    for (let i = 1; i <= 10; i++) {
      const res = await login(person.email, `wrong${i}xx`);
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    const eleventh = await login(person.email, "wrong11xx", "en");
    expect(eleventh.statusCode).toBe(423);
    expect(eleventh.json().error.code).toBe("LOCKED");
    expect(eleventh.json().error.message).toContain("reset your password");
    const right = await login(person.phone_number, "secret123");
    expect(right.statusCode).toBe(423);
    expect(right.json().error.message).toContain("ตั้งรหัสผ่านใหม่");

    // Reset codes go by SMS only to a verified phone.
    await markPhoneVerified(t, person.phone_number);
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password",
      payload: { username: person.phone_number },
    });
    const code = await lastCode(t, to66(person.phone_number));
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password/verify",
      payload: { token: forgot.json().data.token, code },
    });
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/reset-password",
      payload: {
        reset_token: verify.json().data.reset_token,
        password: "newpass456",
        password_confirmation: "newpass456",
      },
    });
    expect(reset.statusCode).toBe(200);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, person.email));
    expect(user?.lockedAt).toBeNull();
    expect((await login(person.email, "newpass456")).statusCode).toBe(200);
    // The count starts again from zero after the reset.
    expect((await login(person.email, "wrongagain1")).statusCode).toBe(400);
  });

  it("counts unknown usernames the same way, so the lockout does not reveal accounts", async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 11; i++) codes.push((await login("ghost@example.com", `wrong${i}xx`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(400), 423]);
  });
});
