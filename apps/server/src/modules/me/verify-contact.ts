import { type Db, schema } from "@sms/db";
import type { TVerifyRequest } from "@sms/domain";
import { and, eq, or, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { AuthContext } from "../../plugins/auth.ts";
import { isAddressTaken, setVerifiedContact } from "../auth/index.ts";
import { verifyOtp } from "../otp/index.ts";

export interface VerifyContactResult {
  type: "phone" | "email";
  value: string;
  verified_at: string;
}

/**
 * Confirms a code sent by request-verify (marks the current phone/e-mail verified) or by a change
 * request (switches to the new, now proven, phone/e-mail). A code only matches the purpose and
 * address it was sent for.
 */
export async function verifyContact(
  db: Db,
  secret: string,
  auth: AuthContext,
  input: TVerifyRequest,
  now: Date = new Date(),
): Promise<VerifyContactResult> {
  const o = schema.otpCodes;
  const u = schema.users;
  if (auth.decoy) {
    const purposes = [input.type === "phone" ? "verify_phone" : "verify_email"] as const;
    const lookup = { sessionId: auth.sessionId, refCode: input.ref_code, purposes: [...purposes] };
    const row = await verifyOtp(db, secret, lookup, input.code, now);
    // A taken address's owner got a notice, not this code: even a lucky guess fails like a wrong code.
    const ownerId = auth.userId > 0 ? auth.userId : null;
    if (await isAddressTaken(db, input.type, row.destination, ownerId)) throw new AppError("OTP_INVALID");
    // A free address really received it, as in a real registration; there is no account to mark.
    return { type: input.type, value: row.destination, verified_at: now.toISOString() };
  }
  const [user] = await db.select().from(u).where(eq(u.id, auth.userId));
  if (!user) throw new AppError("UNAUTHORIZED");
  const phone = input.type === "phone";
  const current = phone ? user.phoneNumber : user.email.toLowerCase();
  const verifyPurpose = phone ? "verify_phone" : "verify_email";
  const changePurpose = phone ? "change_phone" : "change_email";
  const row = await verifyOtp(
    db,
    secret,
    {
      userId: user.id,
      refCode: input.ref_code,
      purposes: [verifyPurpose, changePurpose],
      // A verify code is only good while the address it went to is still the account's.
      extra: or(and(eq(o.purpose, verifyPurpose), eq(o.destination, current)), eq(o.purpose, changePurpose)),
    },
    input.code,
    now,
  );

  const set =
    row.purpose === changePurpose
      ? phone
        ? { phoneNumber: row.destination, phoneNumberVerifiedAt: now }
        : { email: row.destination, emailVerifiedAt: now }
      : phone
        ? { phoneNumberVerifiedAt: now }
        : { emailVerifiedAt: now };
  if (row.purpose === changePurpose) {
    const match = phone ? eq(u.phoneNumber, row.destination) : eq(sql`lower(${u.email})`, row.destination);
    const [taken] = await db.select({ id: u.id }).from(u).where(match).limit(1);
    if (taken && taken.id !== user.id)
      throw new AppError("CONFLICT", { messageKey: "accounts.value_in_use" });
  }
  try {
    // A verified e-mail only lets its owner see the invitations sent to it; joining takes their
    // explicit accept (ADR 33).
    await setVerifiedContact(db, user.id, set, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", { messageKey: "accounts.value_in_use" });
    throw err;
  }
  return {
    type: input.type,
    value: row.purpose === changePurpose ? row.destination : current,
    verified_at: now.toISOString(),
  };
}
