import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { hashRefreshToken } from "./sessions.ts";
import { bearer, loginPerson, registerPerson } from "./testing.ts";

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
    const rows = await t.db.db.select().from(schema.refreshTokens);
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
    await t.db.db
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
});
