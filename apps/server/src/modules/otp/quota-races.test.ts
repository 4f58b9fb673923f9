import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { createTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { issueOtp, OTP_ACCOUNT_SMS_PER_DAY, OTP_SEND_LIMIT } from "./otp-codes.ts";

/**
 * The code quotas under concurrent requests (ADR 87). On PostgreSQL (TEST_DATABASE_URL) the
 * requests really overlap; on PGlite they take turns on the one session. The free trial's day
 * limit was once passed this way: its count stopped at the send's own time, so a request with a
 * later clock that committed first was not counted. Here the clocks are staggered the same way
 * (the latest first), so a count with an upper bound at the request's own time lets more through.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const REQUESTS = 9;
const base = Date.now();
/** Request i's clock: the first started has the latest time. */
const clockOf = (i: number) => new Date(base + (REQUESTS - i) * 5);

async function race(issue: (i: number) => Promise<unknown>) {
  const outcomes = await Promise.allSettled(Array.from({ length: REQUESTS }, (_, i) => issue(i)));
  for (const o of outcomes) {
    if (o.status === "rejected" && !(o.reason instanceof AppError && o.reason.code === "RATE_LIMITED"))
      throw o.reason;
  }
  return outcomes.filter((o) => o.status === "fulfilled").length;
}

describe("code quotas under concurrent requests", () => {
  it("sends one destination at most OTP_SEND_LIMIT codes in its window", async () => {
    const destination = `6681${String(base).slice(-7)}`;
    const issued = await race((i) =>
      issueOtp(t.db, "secret", {
        purpose: "reset_password",
        channel: "sms",
        destination,
        userId: null,
        now: clockOf(i),
      }),
    );
    expect(issued).toBe(OTP_SEND_LIMIT);
  });

  it("sends one account at most OTP_ACCOUNT_SMS_PER_DAY codes to numbers it chose in a day", async () => {
    const tenant = await createTenant(t, { name: "Code Racer" });
    const issued = await race((i) =>
      issueOtp(t.db, "secret", {
        purpose: "change_phone",
        channel: "sms",
        destination: `6682${String(base + i).slice(-7)}`,
        userId: tenant.userId,
        now: clockOf(i),
      }),
    );
    expect(issued).toBe(OTP_ACCOUNT_SMS_PER_DAY);
  });
});
