import { describe, expect, it } from "vitest";
import { hashApiSecret, newApiKey, newApiSecret, secretMatches } from "./credentials.ts";

const PEPPER = "p".repeat(32);

describe("API credential material", () => {
  it("makes prefixed keys and 256-bit secrets, different every time", () => {
    expect(newApiKey("sms")).toMatch(/^sk_[A-Za-z0-9_-]{24}$/);
    expect(newApiKey("otp")).toMatch(/^ok_[A-Za-z0-9_-]{24}$/);
    const secrets = new Set(Array.from({ length: 50 }, () => newApiSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(Buffer.from(secret, "base64url")).toHaveLength(32);
  });

  it("stores a keyed digest: another pepper gives another digest", () => {
    const secret = newApiSecret();
    expect(hashApiSecret(PEPPER, secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiSecret(PEPPER, secret)).not.toBe(hashApiSecret("q".repeat(32), secret));
  });

  it("matches only the right secret, and never without a stored digest", () => {
    const secret = newApiSecret();
    const stored = hashApiSecret(PEPPER, secret);
    expect(secretMatches(PEPPER, stored, secret)).toBe(true);
    expect(secretMatches(PEPPER, stored, `${secret}x`)).toBe(false);
    expect(secretMatches("q".repeat(32), stored, secret)).toBe(false);
    expect(secretMatches(PEPPER, null, secret)).toBe(false);
    expect(secretMatches(PEPPER, null, "")).toBe(false);
  });
});
