import { createHash, randomBytes } from "node:crypto";
import { fromBase62, TRACKED_LINK_SEQ_LENGTH, toBase62 } from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";

/**
 * A recipient's part of a tracked link (ADR 35): the seq through a keyed permutation of 46 bits,
 * a 4-round Feistel network (23-bit halves; round function the first 23 bits of
 * md5("<key>:<round>:<half>")), in 8 base62 characters. Each campaign has its own random key
 * (tracked_links.token_key). The server turns a part back into the seq with the key alone: no row
 * per recipient. A part made up or changed by hand decodes to a number that is not a recipient's
 * seq, except with a chance of recipients / 62^8.
 *
 * The SQL function `tracked_link_token(key, seq)` (migration 0020) computes the same part inside
 * the acceptance's INSERT … SELECT; link-token.test.ts keeps the two equal.
 */

const HALF_BITS = 23;
const HALF = 2 ** HALF_BITS;
const ROUNDS = 4;
/** Values of the permutation's domain: every one fits TRACKED_LINK_SEQ_LENGTH base62 characters. */
const DOMAIN = HALF * HALF;

/** A new campaign's key: 128 random bits as hex. */
export function newLinkTokenKey(): string {
  return randomBytes(16).toString("hex");
}

function round(key: string, i: number, half: number): number {
  const hex = createHash("md5").update(`${key}:${i}:${half}`).digest("hex");
  return Number.parseInt(hex.slice(0, 6), 16) >> 1;
}

/** The part of the recipient with this seq (0 ≤ seq < 2^46). */
export function recipientPart(key: string, seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq >= DOMAIN) throw new RangeError(`seq ${seq} out of range`);
  let l = Math.floor(seq / HALF);
  let r = seq % HALF;
  for (let i = 1; i <= ROUNDS; i += 1) {
    const next = l ^ round(key, i, r);
    l = r;
    r = next;
  }
  return toBase62(l * HALF + r, TRACKED_LINK_SEQ_LENGTH);
}

/** The seq a part stands for, or null when it is not base62 of the right width or outside the domain. */
export function seqOfPart(key: string, part: string): number | null {
  if (part.length !== TRACKED_LINK_SEQ_LENGTH) return null;
  const value = fromBase62(part);
  if (value === null || value >= DOMAIN) return null;
  let l = Math.floor(value / HALF);
  let r = value % HALF;
  for (let i = ROUNDS; i >= 1; i -= 1) {
    const previous = r ^ round(key, i, l);
    r = l;
    l = previous;
  }
  return l * HALF + r;
}

/** `recipientPart` in SQL, for a key and a seq expression. */
export function recipientPartSql(key: SQL, seq: SQL): SQL {
  return sql`tracked_link_token(${key}, (${seq})::bigint)`;
}
