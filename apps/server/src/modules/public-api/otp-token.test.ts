import { describe, expect, it } from "vitest";
import { newToken } from "./otp-requests.ts";

/** OTP tokens come from a pool of CSPRNG bytes refilled 256 tokens at a time (ADR 112). */
describe("newToken", () => {
  it("answers 256-bit base64url tokens, all different, across several refills of the pool", () => {
    const tokens = Array.from({ length: 1_000 }, () => newToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const bytes = Buffer.from(token, "base64url");
      expect(bytes).toHaveLength(32);
      // A zeroed slot handed out again would read as 32 zero bytes.
      expect(bytes.some((b) => b !== 0)).toBe(true);
    }
  });
});
