import { schema } from "@sms/db";
import { type Locale, normaliseRecipient, type TOtpTicket, type TVerifyType } from "@sms/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { deliverNotice, deliverOtp } from "../otp/deliver.ts";
import type { AccountDeps } from "../otp/deps.ts";
import { issueOtp } from "../otp/otp-codes.ts";

/**
 * Starts a phone or e-mail change: the code goes to the NEW address and the change applies only
 * when POST /c/me/verify confirms it (purpose change_*, bound to that address). If the address
 * belongs to another account the answer is the same, but its owner gets a notice instead of a code.
 */
export async function changeContact(
  deps: AccountDeps,
  userId: number,
  type: TVerifyType,
  value: string,
  locale: Locale,
): Promise<TOtpTicket> {
  const u = schema.users;
  const destination = type === "phone" ? normaliseRecipient(value) : value.trim().toLowerCase();
  const field = type === "phone" ? "phone_number" : "email";
  if (!destination) {
    throw new AppError("VALIDATION", { details: [{ path: field, message: "validation.phone_invalid" }] });
  }
  const [user] = await deps.db.select().from(u).where(eq(u.id, userId));
  if (!user) throw new AppError("UNAUTHORIZED");
  const current = type === "phone" ? user.phoneNumber : user.email.toLowerCase();
  if (current === destination) {
    throw new AppError("VALIDATION", {
      messageKey: "accounts.same_value",
      details: [{ path: field, message: "accounts.same_value" }],
    });
  }
  const channel = type === "phone" ? "sms" : "email";
  const otp = await issueOtp(deps.db, deps.config.jwtSecret, {
    purpose: type === "phone" ? "change_phone" : "change_email",
    channel,
    destination,
    userId,
  });
  const match = type === "phone" ? eq(u.phoneNumber, destination) : eq(sql`lower(${u.email})`, destination);
  const [taken] = await deps.db
    .select({ id: u.id })
    .from(u)
    .where(and(match, ne(u.id, userId)))
    .limit(1);
  if (taken) {
    // The code row above already counted this send against the quota.
    await deliverNotice(deps, { channel, destination, kind: "change", locale });
  } else {
    await deliverOtp(deps, { channel, destination, code: otp.code, refCode: otp.refCode, locale });
  }
  return otp.ticket;
}
