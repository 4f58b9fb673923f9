import { schema } from "@sms/db";
import { type Locale, normaliseRecipient, type TOtpTicket, type TVerifyType } from "@sms/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { issueAndQueueOtp } from "../otp/index.ts";

/**
 * Starts a phone or e-mail change: the code goes to the NEW address and the change applies only
 * when POST /c/me/verify confirms it (purpose change_*, bound to that address). If the address
 * belongs to another account the answer is the same, but its owner gets a notice instead of a code.
 */
export async function changeContact(
  deps: AppDeps,
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
  const match = type === "phone" ? eq(u.phoneNumber, destination) : eq(sql`lower(${u.email})`, destination);
  const [taken] = await deps.db
    .select({ id: u.id })
    .from(u)
    .where(and(match, ne(u.id, userId)))
    .limit(1);
  // A taken address's owner gets a notice instead of the code, counted the same way.
  const otp = await issueAndQueueOtp(deps, {
    purpose: type === "phone" ? "change_phone" : "change_email",
    channel: type === "phone" ? "sms" : "email",
    destination,
    userId,
    locale,
    send: taken ? { kind: "notice", notice: "change" } : { kind: "code" },
  });
  return otp.ticket;
}
