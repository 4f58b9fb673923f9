import { type Db, schema, type Tx } from "@sms/db";
import { and, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { OtpPurpose } from "./otp-codes.ts";

/**
 * The writes of `otp_codes` that the account flows make beside issuing and checking a code: this
 * module owns the table (ADR 68), and auth goes through these.
 */

const t = schema.otpCodes;

/**
 * Voids the unused codes a registration session (and, when given, its account) still holds, of
 * the given purposes or of every purpose: a code superseded by an edit, or by the registration.
 */
export async function voidCodes(
  tx: Tx,
  holder: { sessionId: string; userId?: number | null; purposes?: readonly OtpPurpose[] },
  now: Date,
): Promise<void> {
  const { sessionId, userId = null, purposes } = holder;
  await tx
    .update(t)
    .set({ consumedAt: now })
    .where(
      and(
        userId === null ? eq(t.sessionId, sessionId) : or(eq(t.sessionId, sessionId), eq(t.userId, userId)),
        purposes ? inArray(t.purpose, [...purposes]) : undefined,
        isNull(t.consumedAt),
      ),
    );
}

/** Attaches a reset grant (its token's hash and expiry) to a proven forgot-password code. */
export async function grantReset(db: Db, codeId: string, grantHash: string, expiresAt: Date): Promise<void> {
  await db.update(t).set({ grantHash, grantExpiresAt: expiresAt }).where(eq(t.id, codeId));
}

/** Uses a reset grant once, while it is valid: the account it resets, or null. */
export async function useResetGrant(tx: Tx, grantHash: string, now: Date): Promise<number | null> {
  const [grant] = await tx
    .update(t)
    .set({ grantUsedAt: now })
    .where(
      and(
        eq(t.grantHash, grantHash),
        eq(t.purpose, "reset_password"),
        isNull(t.grantUsedAt),
        gt(t.grantExpiresAt, now),
        isNotNull(t.userId),
      ),
    )
    .returning({ userId: t.userId });
  return grant?.userId ?? null;
}
