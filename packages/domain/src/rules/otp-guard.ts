import { PUMP_PREFIX_LENGTH } from "./api-safety.ts";

/** The deny list's size and a range's note (contracts/otp-guard.ts); the deny-list message names the first. */
export const OTP_GUARD_LIMITS = { denyRanges: 500, note: 200 } as const;

/**
 * The OTP fraud guard against SMS pumping (issue 28 point 2, ADR 98): the thresholds, recorded in
 * the ADR. A "prefix" is the pumping guard's block of a 66-form number (its first 7 digits, 10,000
 * numbers), so one rule buckets numbers for both guards.
 */
export const OTP_GUARD = {
  /** Counting windows of the request limits (the pumping guard's 10 minutes). */
  windowSeconds: 10 * 60,
  /** OTP requests per organization per window at the default API safety settings (see otpGuardLimits). */
  orgMax: 1_000,
  /** OTP requests per organization to one prefix per window at the default settings. */
  prefixMax: 60,
  /** The organization limit per request per second of its per-key rate limit: 20 × 50/s = 1,000. */
  orgPerRatePerSecond: 20,
  /** The prefix limit is this share of the pumping guard's prefix threshold: 0.3 × 200 = 60. */
  prefixShareOfPumpMax: 0.3,
  /** The anomaly detection reads the last hour of codes of each prefix... */
  lookbackMinutes: 60,
  /** ...only codes this old or verified (a person needs some seconds to type a code in)... */
  settleSeconds: 120,
  /** ...and judges a prefix only on at least this many of them. */
  minSample: 20,
  /** The organization's baseline: its conversion over the 7 days before the lookback... */
  baselineDays: 7,
  /** ...when it has at least this many codes; otherwise the platform's default baseline. */
  baselineMinSample: 50,
  defaultBaseline: 0.7,
  /** A prefix is held when its conversion is below this share of the baseline. */
  collapseRatio: 0.3,
  /** How long a hold lasts (the detection renews it while the conversion stays collapsed). */
  holdMinutes: 60,
} as const;

/**
 * The organization's OTP request limits, from its API safety settings (ADR 23), which staff raise for
 * a large sender: 20 × its per-key rate limit per window (1,000 at the default 50/s), and to one
 * prefix 30 % of its pumping guard's prefix threshold (60 at the default 200); 0 (off) when that
 * threshold is 0, the pumping guard turned off.
 */
export function otpGuardLimits(settings: { rateLimitPerSecond: number; pumpPrefixMax: number }): {
  orgMax: number;
  prefixMax: number;
} {
  return {
    orgMax: settings.rateLimitPerSecond * OTP_GUARD.orgPerRatePerSecond,
    prefixMax:
      settings.pumpPrefixMax === 0 ? 0 : Math.ceil(settings.pumpPrefixMax * OTP_GUARD.prefixShareOfPumpMax),
  };
}

/** The guard's prefix of a 66-form number. */
export const otpGuardPrefixOf = (msisdn: string): string => msisdn.slice(0, PUMP_PREFIX_LENGTH);

/** Whether a prefix's conversion collapsed against its organization's baseline. */
export function conversionCollapsed(
  prefix: { requests: number; verified: number },
  baseline: number,
): boolean {
  if (prefix.requests < OTP_GUARD.minSample) return false;
  return prefix.verified / prefix.requests < baseline * OTP_GUARD.collapseRatio;
}

export const OTP_DENY_KINDS = ["premium", "unallocated", "abuse"] as const;
export type OtpDenyKind = (typeof OTP_DENY_KINDS)[number];

/** Why the guard refused an OTP request (the report's "blocked" reasons). */
export const OTP_BLOCK_REASONS = [
  "deny_listed",
  "prefix_held",
  "org_limit",
  "prefix_limit",
  "pumping",
] as const;
export type OtpBlockReason = (typeof OTP_BLOCK_REASONS)[number];
