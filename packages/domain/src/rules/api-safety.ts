/**
 * The public API's safety rules (issue 14 point 4, ADR 0023): the defaults of an organization's
 * per-key rate limit and SMS-pumping guard (api_settings holds its own values), and how the guard
 * buckets numbers.
 */
export const API_SAFETY_DEFAULTS = {
  /** Requests per second per key (the SMS and OTP keys count apart). */
  rateLimitPerSecond: 50,
  /** Numbers per window to one prefix; 0 turns the check off. */
  pumpPrefixMax: 200,
  /** Numbers per window while the key is under `freshKeyHours` old; 0 turns the check off. */
  pumpFreshKeyMax: 300,
} as const;

/** The guard counts in fixed windows of this length. */
export const PUMP_WINDOW_SECONDS = 10 * 60;
/** A key younger than this is "fresh": pumping runs on stolen or just-created keys. */
export const PUMP_FRESH_KEY_HOURS = 24;
/** 66 + the operator block: the first 7 characters of the 66 form (10,000 numbers). */
export const PUMP_PREFIX_LENGTH = 7;

/** The start of the guard window holding `at`. */
export function pumpWindowStart(at: Date): Date {
  const ms = PUMP_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/** The guard's bucket of a 66-form number. */
export const pumpPrefixOf = (msisdn: string): string => msisdn.slice(0, PUMP_PREFIX_LENGTH);

/**
 * How many numbers go into each prefix bucket, plus the `fresh` bucket when the key is young.
 * Buckets with a 0 (off) threshold are left out, so an organization that turned the guard off
 * writes nothing.
 */
export function pumpBuckets(
  numbers: readonly string[],
  options: { prefixMax: number; freshKeyMax: number; keyCreatedAt: Date; now: Date },
): Map<string, number> {
  const buckets = new Map<string, number>();
  if (options.prefixMax > 0) {
    for (const number of numbers) {
      const bucket = `prefix:${pumpPrefixOf(number)}`;
      buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    }
  }
  const fresh = options.now.getTime() - options.keyCreatedAt.getTime() < PUMP_FRESH_KEY_HOURS * 3_600_000;
  if (options.freshKeyMax > 0 && fresh && numbers.length > 0) buckets.set("fresh", numbers.length);
  return buckets;
}

/** The threshold a bucket is held to. */
export const pumpLimitOf = (bucket: string, options: { prefixMax: number; freshKeyMax: number }): number =>
  bucket === "fresh" ? options.freshKeyMax : options.prefixMax;
