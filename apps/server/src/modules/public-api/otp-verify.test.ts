import { schema } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { API_OTP_MAX_ATTEMPTS, type RequestOtpDeps, requestOtp, tokenDigest } from "./otp-requests.ts";
import { OtpVerifyBatcher, type VerifyOtpInput, verifyOtps } from "./otp-verify.ts";

/**
 * POST /api/v2/otp/verify checked in lists (verifyOtps, OtpVerifyBatcher; ADR 107): each check
 * answers as if the checks had been made one after another, whatever shares its list or runs at
 * the same time. On PostgreSQL (TEST_DATABASE_URL) concurrent lists really overlap; on PGlite they
 * take turns.
 */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let deps: RequestOtpDeps;
let a: SendTenant;
let b: SendTenant;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  deps = {
    db: t.db,
    dbHandle: t.dbHandle,
    jobs: t.jobs,
    chunkSize: t.app.config.engine.chunkSize,
    secret: t.app.config.apiKeyPepper,
    defaultSender: t.app.config.otpSender,
  };
  a = await f.freshTenant(1_000);
  b = await f.freshTenant(1_000);
});
afterAll(() => t?.close());

/** A code sent to a new number of the tenant, with its pin. */
async function code(tenant: SendTenant) {
  sequence += 1;
  const sent = await requestOtp(deps, {
    organizationId: tenant.organizationId,
    msisdn: `668123${String(sequence).padStart(5, "0")}`,
  });
  return { token: sent.token, pin: sent.pin, wrong: sent.pin === "000000" ? "111111" : "000000" };
}

async function rowOf(token: string) {
  const [row] = await t.db
    .select()
    .from(schema.apiOtpRequests)
    .where(eq(schema.apiOtpRequests.tokenHash, tokenDigest(token)));
  if (!row) throw new Error("no code row");
  return row;
}

const check = (tenant: SendTenant, token: string, pin: string): VerifyOtpInput => ({
  organizationId: tenant.organizationId,
  token,
  pin,
});
const outcome = (r: { ok: boolean; failure?: string }) => (r.ok ? "ok" : r.failure);
const verify = (inputs: VerifyOtpInput[]) => verifyOtps(t.db, deps.secret, inputs);

describe("verifyOtps: checks in one list", () => {
  it("takes checks of one token in turn: a wrong pin, the right one, then the token is used", async () => {
    const c = await code(a);
    const answers = await verify([
      check(a, c.token, c.wrong),
      check(a, c.token, c.pin),
      check(a, c.token, c.pin),
    ]);
    expect(answers.map(outcome)).toEqual(["code_invalid", "ok", "token_invalid"]);
    expect(await rowOf(c.token)).toMatchObject({ status: "verified", attempts: 1 });
  });

  it("fails a code on its 5th wrong check in the list; later checks, the right pin too, are too many", async () => {
    const c = await code(a);
    const answers = await verify([
      ...Array.from({ length: API_OTP_MAX_ATTEMPTS + 1 }, () => check(a, c.token, c.wrong)),
      check(a, c.token, c.pin),
    ]);
    expect(answers.map(outcome)).toEqual([
      ...Array.from({ length: API_OTP_MAX_ATTEMPTS }, () => "code_invalid"),
      "too_many_attempts",
      "too_many_attempts",
    ]);
    expect(await rowOf(c.token)).toMatchObject({
      status: "failed",
      attempts: API_OTP_MAX_ATTEMPTS,
      verifiedAt: null,
    });
  });

  it("answers another organization's check of a token as unknown, without counting it, beside the owner's checks", async () => {
    const c = await code(a);
    const answers = await verify([
      check(b, c.token, c.pin),
      check(b, c.token, c.wrong),
      check(a, c.token, c.wrong),
      check(a, c.token, c.pin),
    ]);
    expect(answers.map(outcome)).toEqual(["token_invalid", "token_invalid", "code_invalid", "ok"]);
    expect(await rowOf(c.token)).toMatchObject({ status: "verified", attempts: 1 });
  });

  it("answers an expired code as expired (and marks it) beside a live one and a made-up token", async () => {
    const late = await code(a);
    const live = await code(a);
    await t.db
      .update(schema.apiOtpRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.apiOtpRequests.tokenHash, tokenDigest(late.token)));
    const answers = await verify([
      check(a, late.token, late.pin),
      check(a, live.token, live.pin),
      check(a, "made-up", "123456"),
      check(a, late.token, late.pin),
    ]);
    expect(answers.map(outcome)).toEqual(["expired", "ok", "token_invalid", "expired"]);
    expect(await rowOf(late.token)).toMatchObject({ status: "expired", attempts: 0, verifiedAt: null });
  });

  it("decides expiry on an injected clock", async () => {
    const c = await code(a);
    const late = new Date(Date.now() + 11 * 60_000);
    const [answer] = await verifyOtps(t.db, deps.secret, [check(a, c.token, c.pin)], late);
    expect(answer).toEqual({ ok: false, failure: "expired" });
  });
});

describe("lists checked at once", () => {
  it("verifies each code once when two lists check the same tokens in opposite orders (no deadlock)", async () => {
    const codes = await Promise.all(Array.from({ length: 10 }, () => code(a)));
    const list = codes.map((c) => check(a, c.token, c.pin));
    const [forward, backward] = await Promise.all([verify(list), verify([...list].reverse())]);
    const oks = codes.map(
      (_, i) => [forward?.[i], backward?.[codes.length - 1 - i]].filter((r) => r?.ok).length,
    );
    expect(oks).toEqual(codes.map(() => 1));
    for (const c of codes) expect((await rowOf(c.token)).status).toBe("verified");
  });

  it("OtpVerifyBatcher: concurrent checks, four per token, verify each token once and count the wrong ones exactly", async () => {
    const batcher = new OtpVerifyBatcher(t.db, deps.secret);
    const codes = await Promise.all(Array.from({ length: 5 }, () => code(a)));
    const answers = await Promise.all(
      codes.flatMap((c) => [
        batcher.verify(check(a, c.token, c.wrong)),
        batcher.verify(check(a, c.token, c.pin)),
        batcher.verify(check(a, c.token, c.pin)),
        batcher.verify(check(b, c.token, c.pin)),
      ]),
    );
    expect(answers.filter((r) => r.ok)).toHaveLength(codes.length);
    for (const [i, c] of codes.entries()) {
      const [wrong, right, repeat, other] = answers.slice(i * 4, i * 4 + 4).map(outcome);
      // Two lists may be checked at once, so the first three may take turns in any order: one is
      // verified; the wrong pin is counted when it came before, and the rest is a used token.
      expect([right, repeat].filter((o) => o === "ok")).toHaveLength(1);
      expect([right, repeat]).toContain("token_invalid");
      expect(["code_invalid", "token_invalid"]).toContain(wrong);
      expect(other).toBe("token_invalid");
      expect(await rowOf(c.token)).toMatchObject({
        status: "verified",
        attempts: wrong === "code_invalid" ? 1 : 0,
      });
    }
  });
});

describe("OtpVerifyBatcher's window (ADR 116)", () => {
  it("starts a list beside one being checked only once as many checks wait as the last list held", async () => {
    const codes = await Promise.all([0, 1, 2, 3, 4, 5].map(() => code(a)));
    // The first two lists' statements wait until released; the others go straight through.
    const gates = [0, 1].map(() => {
      let open: () => void = () => {};
      const shut = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { shut, open };
    });
    let statements = 0;
    const gated = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return async (...args: unknown[]) => {
          statements += 1;
          await gates[statements - 1]?.shut;
          return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const batcher = new OtpVerifyBatcher(gated, deps.secret);
    const verify = (i: number) => {
      const c = codes[i] as { token: string; pin: string };
      return batcher.verify(check(a, c.token, c.pin));
    };
    const answers: Promise<unknown>[] = [];
    try {
      // Two lone lists (both held), then two checks wait for a slot and make a list of 2.
      answers.push(verify(0), verify(1), verify(2), verify(3));
      while (statements < 2) await new Promise((r) => setTimeout(r, 5));
      expect(batcher.started).toBe(2);
      gates[0]?.open();
      while (statements < 3) await new Promise((r) => setTimeout(r, 5));
      await Promise.all(answers.slice(2));
      expect(batcher.started).toBe(3);
      // The second list is still held: one check waiting is not enough for another list ...
      answers.push(verify(4));
      await new Promise((r) => setTimeout(r, 50));
      expect(batcher.started).toBe(3);
      // ... two are (the last list held two).
      answers.push(verify(5));
      expect(batcher.started).toBe(4);
    } finally {
      for (const gate of gates) gate.open();
    }
    expect(await Promise.all(answers)).toEqual(codes.map(() => ({ ok: true })));
  });
});
