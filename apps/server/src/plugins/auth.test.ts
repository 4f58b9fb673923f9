import type { FastifyRequest } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { bearer, loginPerson, registerPerson } from "../test/accounts.ts";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { type AuthContext, requireRole } from "./auth.ts";

describe("authenticate", () => {
  let t: TestContext;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { person } = await registerPerson(t);
    const { token } = await loginPerson(t, person.email);
    const [, payload = ""] = token.split(".");
    sessionId = JSON.parse(Buffer.from(payload, "base64url").toString()).sid;
  });
  afterAll(() => t.close());

  const key = () => new TextEncoder().encode(t.app.config.jwtSecret);
  const forge = (
    claims: Record<string, unknown>,
    options: { alg?: string; aud?: string; iss?: string; exp?: number | string } = {},
  ) =>
    new SignJWT({ typ: "access", sid: sessionId, ...claims })
      .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
      .setIssuer(options.iss ?? "sms-portal")
      .setAudience(options.aud ?? "sms-portal-api")
      .setIssuedAt()
      .setExpirationTime(options.exp ?? "5m")
      .sign(key());
  const me = (token: string) => t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(token) });

  it("accepts a well-formed access token for a live session", async () => {
    expect((await me(await forge({}))).statusCode).toBe(200);
  });

  it("pins HS256 and checks audience, issuer, type and expiry", async () => {
    const bad = [
      await forge({}, { alg: "HS512" }),
      await forge({}, { aud: "someone-else" }),
      await forge({}, { iss: "someone-else" }),
      await forge({ typ: "refresh" }),
      await forge({ sid: "not-a-uuid" }),
      await forge({}, { exp: Math.floor(Date.now() / 1000) - 10 }),
    ];
    for (const token of bad) expect((await me(token)).statusCode).toBe(401);
  });

  it("refuses a register-type token on signed-in routes with 403", async () => {
    const res = await me(await forge({ typ: "register" }));
    expect(res.statusCode).toBe(403);
  });
});

describe("requireRole", () => {
  const run = (roles: number[]) => requireRole(1000)({ auth: { roles } as AuthContext } as FastifyRequest);

  it("lets the role through and forbids others", async () => {
    await expect(run([1000])).resolves.toBeUndefined();
    await expect(run([1, 10])).rejects.toBeInstanceOf(AppError);
    await expect(run([1])).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
