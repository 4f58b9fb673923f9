import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { type Db, schema, type Tx } from "@sms/db";
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SEND_LIMIT = 5;
export const OTP_SEND_WINDOW_SECONDS = 10 * 60;
/**
 * SMS codes to numbers the account chose (its registration phone, a phone change) per account per
 * rolling 24 hours (issue 23 point 3, ADR 32), on top of the destination's quota: each one is an
 * SMS the operator pays for, to any number a throwaway account names.
 */
export const OTP_ACCOUNT_SMS_PER_DAY = 5;
const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The codes that go to a number the account picked (reset codes go to an already verified one). */
const CHOSEN_NUMBER_PURPOSES: OtpPurpose[] = ["verify_phone", "change_phone"];
/** Suggested wait before "send again" while the send quota is not used up. */
export const OTP_RESEND_AFTER_SECONDS = 60;

export type OtpPurpose =
  | "verify_phone"
  | "verify_email"
  | "change_phone"
  | "change_email"
  | "reset_password"
  /** Not a code: a "someone tried to use your address" notice, counted against the same send quota. */
  | "notice";

export interface IssuedOtp {
  id: string;
  code: string;
  refCode: string;
  ticket: { ref_code: string; resend_after: number; expires_in: number };
}

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newRefCode(): string {
  let ref = "";
  for (let i = 0; i < 6; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}

/** Keyed with the server secret: a leaked table alone cannot be brute-forced over the 10^6 codes. */
function hashCode(secret: string, id: string, code: string): string {
  return createHmac("sha256", secret).update(`${id}:${code}`).digest("hex");
}

/**
 * Creates a one-time code for a purpose and destination, enforcing the send quota per destination.
 * The row is created even when nothing will be sent (unknown account, decoy), so the quota and
 * the answers look the same either way.
 */
export async function issueOtp(
  db: Db,
  secret: string,
  input: {
    purpose: OtpPurpose;
    channel: "sms" | "email";
    destination: string;
    userId: number | null;
    /** The decoy register session the code belongs to. */
    sessionId?: string | null;
    /**
     * Counts the send against a quota of its own (same limit) instead of the destination's: a
     * reset code asked for from a device the account trusts, which strangers cannot use up.
     */
    quotaKey?: string;
    now?: Date;
    /** Runs in the insert's transaction, e.g. to enqueue the delivery job with the code. */
    afterInsert?: (tx: Tx, otp: Pick<IssuedOtp, "id" | "code" | "refCode">) => Promise<void>;
  },
): Promise<IssuedOtp> {
  const now = input.now ?? new Date();
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const refCode = newRefCode();
  const windowStart = new Date(now.getTime() - OTP_SEND_WINDOW_SECONDS * 1000);
  const secondsUntilSlot = (oldest: Date) =>
    Math.max(1, Math.ceil((oldest.getTime() + OTP_SEND_WINDOW_SECONDS * 1000 - now.getTime()) / 1000));

  const sent = await db.transaction(async (tx) => {
    const accountBudget = await lockAccountBudget(tx, input);
    const quota = input.quotaKey
      ? eq(schema.otpCodes.quotaKey, input.quotaKey)
      : and(eq(schema.otpCodes.destination, input.destination), isNull(schema.otpCodes.quotaKey));
    // Serialises concurrent sends to one quota so it cannot be raced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.quotaKey ?? input.destination}))`);
    const recent = await tx
      .select({ createdAt: schema.otpCodes.createdAt })
      .from(schema.otpCodes)
      .where(and(quota, gt(schema.otpCodes.createdAt, windowStart)))
      .orderBy(asc(schema.otpCodes.createdAt));
    const oldest = recent[0]?.createdAt;
    if (recent.length >= OTP_SEND_LIMIT && oldest) {
      const seconds = secondsUntilSlot(oldest);
      throw new AppError("RATE_LIMITED", { messageKey: "accounts.otp_rate_limited", params: { seconds } });
    }
    await accountBudget?.(now);
    await tx.insert(schema.otpCodes).values({
      id,
      userId: input.userId,
      sessionId: input.sessionId ?? null,
      purpose: input.purpose,
      channel: input.channel,
      destination: input.destination,
      quotaKey: input.quotaKey ?? null,
      refCode,
      codeHash: hashCode(secret, id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
    await input.afterInsert?.(tx, { id, code, refCode });
    return { count: recent.length + 1, oldest: oldest ?? now };
  });

  const resendAfter = sent.count >= OTP_SEND_LIMIT ? secondsUntilSlot(sent.oldest) : OTP_RESEND_AFTER_SECONDS;
  return {
    id,
    code,
    refCode,
    ticket: { ref_code: refCode, resend_after: resendAfter, expires_in: OTP_TTL_SECONDS },
  };
}

/**
 * OTP_ACCOUNT_SMS_PER_DAY for an SMS code to a chosen number, per account (the user, or the decoy
 * registration session). Locks the account's budget (before the destination's lock, always in
 * this order, so concurrent requests cannot both take the last one) and answers its check, run
 * after the destination's quota so the shorter wait is the one told; null when no budget applies.
 */
async function lockAccountBudget(
  tx: Tx,
  input: { purpose: OtpPurpose; channel: "sms" | "email"; userId: number | null; sessionId?: string | null },
): Promise<((now: Date) => Promise<void>) | null> {
  if (input.channel !== "sms" || !CHOSEN_NUMBER_PURPOSES.includes(input.purpose)) return null;
  const t = schema.otpCodes;
  const owner =
    input.userId !== null
      ? eq(t.userId, input.userId)
      : input.sessionId
        ? eq(t.sessionId, input.sessionId)
        : null;
  if (!owner) return null;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`otp-account:${input.userId ?? input.sessionId}`}))`,
  );
  return (now) => checkAccountBudget(tx, owner, now);
}

async function checkAccountBudget(tx: Tx, owner: SQL, now: Date): Promise<void> {
  const t = schema.otpCodes;
  const day = await tx
    .select({ createdAt: t.createdAt })
    .from(t)
    .where(
      and(
        owner,
        eq(t.channel, "sms"),
        inArray(t.purpose, CHOSEN_NUMBER_PURPOSES),
        gt(t.createdAt, new Date(now.getTime() - ACCOUNT_WINDOW_MS)),
      ),
    )
    .orderBy(asc(t.createdAt));
  const oldest = day[0]?.createdAt;
  if (day.length >= OTP_ACCOUNT_SMS_PER_DAY && oldest) {
    const seconds = Math.max(1, Math.ceil((oldest.getTime() + ACCOUNT_WINDOW_MS - now.getTime()) / 1000));
    throw new AppError("RATE_LIMITED", {
      messageKey: "accounts.phone_codes_daily_limit",
      params: { seconds, limit: OTP_ACCOUNT_SMS_PER_DAY, hours: Math.ceil(seconds / 3600) },
    });
  }
}

export type OtpRow = typeof schema.otpCodes.$inferSelect;

export type OtpLookup =
  | { id: string; purpose: OtpPurpose }
  | { userId: number; refCode: string; purposes: OtpPurpose[]; extra?: SQL }
  | { sessionId: string; refCode: string; purposes: OtpPurpose[] }
  | { destination: string; refCode: string };

/**
 * Checks a code: a wrong code counts an attempt (the 5th wrong one kills it); an expired, used or
 * dead code is OTP_EXPIRED; a right one is consumed atomically so it works once.
 */
export async function verifyOtp(
  db: Db,
  secret: string,
  lookup: OtpLookup,
  code: string,
  now: Date = new Date(),
): Promise<OtpRow> {
  const t = schema.otpCodes;
  const where =
    "id" in lookup
      ? and(eq(t.id, lookup.id), eq(t.purpose, lookup.purpose))
      : "sessionId" in lookup
        ? and(
            eq(t.sessionId, lookup.sessionId),
            eq(t.refCode, lookup.refCode.toUpperCase()),
            inArray(t.purpose, lookup.purposes),
          )
        : "userId" in lookup
          ? and(
              eq(t.userId, lookup.userId),
              eq(t.refCode, lookup.refCode.toUpperCase()),
              inArray(t.purpose, lookup.purposes),
              lookup.extra,
            )
          : and(eq(t.destination, lookup.destination), eq(t.refCode, lookup.refCode.toUpperCase()));
  const [row] = await db.select().from(t).where(where).orderBy(desc(t.createdAt)).limit(1);
  if (!row) throw new AppError("OTP_INVALID");
  if (row.consumedAt || row.attempts >= OTP_MAX_ATTEMPTS || row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError("OTP_EXPIRED");
  }
  const expected = Buffer.from(row.codeHash, "hex");
  const actual = Buffer.from(hashCode(secret, row.id, code), "hex");
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    await db
      .update(t)
      .set({ attempts: sql`${t.attempts} + 1` })
      .where(eq(t.id, row.id));
    throw new AppError("OTP_INVALID");
  }
  const [consumed] = await db
    .update(t)
    .set({ consumedAt: now })
    .where(
      and(
        eq(t.id, row.id),
        sql`${t.consumedAt} is null`,
        sql`${t.attempts} < ${OTP_MAX_ATTEMPTS}`,
        gt(t.expiresAt, now),
      ),
    )
    .returning();
  if (!consumed) throw new AppError("OTP_EXPIRED");
  return consumed;
}
