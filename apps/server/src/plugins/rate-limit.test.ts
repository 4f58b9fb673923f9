import { randomBytes, randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../test/tenants.ts";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { RATE_LIMITS } from "./rate-limit.ts";

/** The limit tests run with the real limits (the suite's default scale raises them). */
const REAL = { RATE_LIMIT_SCALE: "1" };
const REDIS_URL = "redis://127.0.0.1:6379";

let ipSeq = 0;
const run = randomBytes(2).readUInt16BE(0);
/** Addresses unique to this run, so counters left in a shared Redis by an earlier run never match. */
const nextIp = () => `10.${run >> 8}.${run & 255}.${++ipSeq}`;
const unknownUser = () => `nobody-${randomBytes(4).toString("hex")}@example.com`;

function login(t: TestContext, username: string, ip: string, locale?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/c/guest/login",
    payload: { username, password: "wrong-password" },
    remoteAddress: ip,
    headers: locale ? { "accept-language": locale } : {},
  });
}

function expectLimited(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ error: { code: "RATE_LIMITED", message } });
}

const TH_MESSAGE = "ส่งคำขอบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่";
const EN_MESSAGE = "Too many requests. Please wait a moment and try again.";

describe("rate limits (in-memory store)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: REAL });
  });
  afterAll(() => t.close());

  it("limits sign-in attempts per IP with a Thai 429 and Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      expect((await login(t, unknownUser(), ip)).statusCode).toBe(400);
    }
    const limited = await login(t, unknownUser(), ip);
    expectLimited(limited, TH_MESSAGE);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(RATE_LIMITS.login.timeWindow / 1000);
    expect((await login(t, unknownUser(), nextIp())).statusCode).toBe(400);
  });

  it("limits sign-in attempts per account across addresses, whatever form the username takes", async () => {
    const phone = `0899${String(run).padStart(6, "0")}`;
    const forms = [phone, `+66${phone.slice(1)}`, `66${phone.slice(1)}`, ` ${phone} `];
    for (let i = 0; i < RATE_LIMITS.login.account.max; i++) {
      expect((await login(t, forms[i % forms.length] as string, nextIp())).statusCode).not.toBe(429);
    }
    expectLimited(await login(t, phone, nextIp(), "en"), EN_MESSAGE);
    expect((await login(t, unknownUser(), nextIp())).statusCode).toBe(400);
  });

  it("limits code checks per signed-in account", async () => {
    const [tenant, other] = [await createTenant(t), await createTenant(t)];
    const verify = (headers: { authorization: string }) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/c/me/verify",
        payload: { type: "phone", code: "000000", ref_code: "ABCD" },
        headers,
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < RATE_LIMITS.verifyCode.account.max; i++) {
      expect((await verify(tenant.headers)).statusCode).not.toBe(429);
    }
    expectLimited(await verify(tenant.headers), TH_MESSAGE);
    expect((await verify(other.headers)).statusCode).not.toBe(429);
  });

  it("limits reset-code checks per ticket", async () => {
    const token = randomUUID();
    const check = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/c/guest/forgot-password/verify",
        payload: { token, code: "000000" },
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < RATE_LIMITS.forgotPasswordVerify.account.max; i++) {
      expect((await check()).statusCode).toBe(400);
    }
    expectLimited(await check(), TH_MESSAGE);
  });

  it("counts only accepted contact forms per IP, an office's worth an hour", async () => {
    expect(RATE_LIMITS.contact).toMatchObject({ max: 20, timeWindow: 60 * 60_000 });
    const ip = nextIp();
    const send = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/v1/c/contact-us", payload, remoteAddress: ip });
    const accepted = {
      name: "Office colleague",
      email: "colleague@example.com",
      topic: "support",
      message: "We would like to know more about sender names.",
    };
    for (let i = 0; i < RATE_LIMITS.contact.max + 5; i++) expect((await send({})).statusCode).toBe(400);
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) expect((await send(accepted)).statusCode).toBe(202);
    expectLimited(await send(accepted), TH_MESSAGE);
  });
});

describe("rate limits with TRUST_PROXY", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...REAL, TRUST_PROXY: "127.0.0.1/8" } });
  });
  afterAll(() => t.close());

  it("counts per forwarded client address behind a trusted proxy", async () => {
    const send = (client: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/c/guest/login",
        payload: { username: unknownUser(), password: "wrong-password" },
        headers: { "x-forwarded-for": client },
      });
    const client = nextIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i++) expect((await send(client)).statusCode).toBe(400);
    expectLimited(await send(client), TH_MESSAGE);
    expect((await send(nextIp())).statusCode).toBe(400);
  });
});

describe("the default, without TRUST_PROXY", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: REAL });
  });
  afterAll(() => t.close());

  it("does not let a forged X-Forwarded-For escape the per-IP limit", async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/guest/login",
        payload: { username: unknownUser(), password: "wrong-password" },
        headers: { "x-forwarded-for": nextIp() },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/login",
      payload: { username: unknownUser(), password: "wrong-password" },
      headers: { "x-forwarded-for": nextIp() },
      remoteAddress: ip,
    });
    expectLimited(forged, TH_MESSAGE);
  });
});

// Redis runs on 127.0.0.1:6379 on every machine of this project, CI included (REDIS_URL overrides).

describe("rate limits in a shared Redis store", () => {
  let a: TestContext;
  let b: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    const env = { ...REAL, RATE_LIMIT_REDIS_URL: REDIS_URL };
    [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    redis.disconnect();
  });

  it("shares the per-IP counter between two app instances", async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      expect((await login(i % 2 ? a : b, unknownUser(), ip)).statusCode).toBe(400);
    }
    expectLimited(await login(a, unknownUser(), ip), TH_MESSAGE);
    expect(await redis.keys(`*${ip}`)).toHaveLength(1);
  });

  it("shares the per-account counter and stores only a hash of the account", async () => {
    const username = unknownUser();
    for (let i = 0; i < RATE_LIMITS.login.account.max; i++) {
      expect((await login(i % 2 ? a : b, username, nextIp())).statusCode).toBe(400);
    }
    expectLimited(await login(b, username, nextIp()), TH_MESSAGE);
    expect(await redis.keys(`*${username}*`)).toEqual([]);
    expect((await redis.keys("*account:POST:/api/v1/c/guest/login:*")).length).toBeGreaterThan(0);
  });
});
