import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { API_KEY_PREFIX, type ApiKeyKind } from "@sms/domain";

/**
 * Key and secret material (docs/decisions/0020-api-credentials.md). Keys are public identifiers
 * with a recognisable prefix (`sk_` SMS, `ok_` OTP) and 144 random bits; secrets are 256 random
 * bits from the CSPRNG, base64url (no `:`, so they fit HTTP Basic). A secret is stored only as
 * HMAC-SHA256 under the server's pepper: fast enough for every public API call, and useless to
 * whoever reads the table without the pepper. argon2 would cost ~50 ms of CPU per call, which a
 * 256-bit random secret does not need (there is nothing to guess).
 */

/** Longest key or secret worth hashing; anything longer is refused as an unknown key. */
export const API_CREDENTIAL_MAX_LENGTH = 128;

export function newApiKey(kind: ApiKeyKind): string {
  return `${API_KEY_PREFIX[kind]}${randomBytes(18).toString("base64url")}`;
}

export function newApiSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a secret: hex HMAC-SHA256 under the pepper. */
export function hashApiSecret(pepper: string, secret: string): string {
  return createHmac("sha256", pepper).update(secret, "utf8").digest("hex");
}

/** Compared against when the key is unknown, so both paths do the same work. */
const DUMMY_HASH = randomBytes(32).toString("hex");

/**
 * Whether `secret` is the one stored as `storedHash`, in constant time. With no stored hash (an
 * unknown key) the secret is still hashed and compared with a dummy, and the answer is false.
 */
export function secretMatches(pepper: string, storedHash: string | null, secret: string): boolean {
  const given = Buffer.from(hashApiSecret(pepper, secret.slice(0, API_CREDENTIAL_MAX_LENGTH)), "hex");
  const stored = Buffer.from(storedHash ?? DUMMY_HASH, "hex");
  const same = stored.length === given.length && timingSafeEqual(stored, given);
  return same && storedHash !== null;
}
