import { expect } from "vitest";
import type { TestTenant } from "./tenants.ts";
import type { TestContext } from "./test-app.ts";

export interface IssuedKey {
  key: string;
  secret: string;
  /** The `Authorization` header of the public API (HTTP Basic). */
  authorization: string;
}

/**
 * Issues the tenant's SMS key pair through the portal. `liftLimits` raises the key's rate limit (to
 * `rateLimitPerSecond`, default 1,000) and
 * turns its SMS-pumping guard off first, as a customer may, for tests about something else.
 */
export async function issueSmsKey(
  t: TestContext,
  tenant: TestTenant,
  options: { liftLimits?: boolean; rateLimitPerSecond?: number } = {},
): Promise<IssuedKey> {
  if (options.liftLimits) {
    const settings = await t.app.inject({
      method: "PUT",
      url: "/api/v1/c/api-settings",
      headers: tenant.headers,
      payload: {
        otp_sender: null,
        otp_language: "th",
        otp_message_th: null,
        otp_message_en: null,
        rate_limit_per_second: options.rateLimitPerSecond ?? 1000,
        pump_prefix_max: 0,
        pump_fresh_key_max: 0,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  }
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
    headers: tenant.headers,
    payload: { kind: "sms" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [pair] = (res.json() as { data: { issued: { key: string; secret: string }[] } }).data.issued;
  if (!pair) throw new Error("no key issued");
  return { ...pair, authorization: `Basic ${Buffer.from(`${pair.key}:${pair.secret}`).toString("base64")}` };
}
