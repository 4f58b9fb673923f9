import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, lastCode, loginPerson, registerPerson } from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { hashRefreshToken } from "./sessions.ts";

describe("POST /c/guest/refresh-token", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (refresh_token: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/c/guest/refresh-token", payload: { refresh_token } });

  it("rotates: answers a new pair and stores only hashes", async () => {
    const { person } = await registerPerson(t);
    const pair = await loginPerson(t, person.email);
    const res = await refresh(pair.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.refresh_token).not.toBe(pair.refresh_token);
    expect(Buffer.from(next.refresh_token, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await t.db.select().from(schema.refreshTokens);
    expect(rows.some((r) => r.tokenHash === pair.refresh_token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashRefreshToken(next.refresh_token))).toBe(true);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(next.token) });
    expect(me.statusCode).toBe(200);
  });

  it("revokes the whole family when an already rotated token is reused", async () => {
    const { person } = await registerPerson(t);
    const pair = await loginPerson(t, person.email);
    const second = (await refresh(pair.refresh_token)).json().data;
    const reuse = await refresh(pair.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe("UNAUTHORIZED");
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(second.token) });
    expect(me.statusCode).toBe(401);
  });

  it("rejects unknown, expired and malformed tokens", async () => {
    expect((await refresh("x".repeat(43))).statusCode).toBe(401);
    const { person } = await registerPerson(t);
    const pair = await loginPerson(t, person.email);
    await t.db
      .update(schema.refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.refreshTokens.tokenHash, hashRefreshToken(pair.refresh_token)));
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/refresh-token", payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps a register session a register session", async () => {
    const { body } = await registerPerson(t);
    const res = await refresh(body.data.token_register.refresh_token);
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me",
      headers: bearer(res.json().data.token),
    });
    expect(me.statusCode).toBe(403);
  });

  describe("absolute session lifetime (SESSION_MAX_AGE, 30 days by default)", () => {
    const maxAge = 30 * 24 * 3600 * 1000;
    afterEach(() => {
      vi.useRealTimers();
    });
    const sessionOf = async (token: string) => {
      const [row] = await t.db
        .select({ id: schema.refreshTokens.sessionId })
        .from(schema.refreshTokens)
        .where(eq(schema.refreshTokens.tokenHash, hashRefreshToken(token)));
      return row?.id ?? "";
    };
    const ageSession = (id: string, ms: number) =>
      t.db
        .update(schema.authSessions)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(schema.authSessions.id, id));

    it("refuses to refresh a session older than the maximum age, however recently it was refreshed", async () => {
      const { person } = await registerPerson(t);
      const pair = await loginPerson(t, person.email);
      await ageSession(await sessionOf(pair.refresh_token), maxAge + 1000);
      const res = await refresh(pair.refresh_token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHORIZED");
    });

    it("ends access at the maximum age too: rotation never extends the session past it", async () => {
      const { person } = await registerPerson(t);
      const pair = await loginPerson(t, person.email);
      const sessionId = await sessionOf(pair.refresh_token);
      await ageSession(sessionId, maxAge - 5000);
      const next = (await refresh(pair.refresh_token)).json().data;
      const me = () => t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(next.token) });
      expect((await me()).statusCode).toBe(200);

      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 6000);
      expect((await me()).statusCode).toBe(401);
      expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    });
  });

  it("answers every token with Cache-Control: no-store", async () => {
    const { person, body } = await registerPerson(t);
    expect(body.data.token_register.token).toBeDefined();
    const register = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/register",
      payload: { ...person, email: `again.${person.email}`, phone_number: "0812345678" },
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/login",
      payload: { username: person.email, password: "secret123" },
    });
    const rotated = await refresh(login.json().data.refresh_token);
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password",
      payload: { username: person.email },
    });
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password/verify",
      payload: { token: forgot.json().data.token, code: await lastCode(t, person.email) },
    });
    const answers = { register, login, rotated, forgot, verify };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBeLessThan(300);
      expect(res.headers["cache-control"], name).toBe("no-store");
    }
  });
});
