import { schema } from "@sms/db";
import type { Locale, TOtpTicket, TVerifyType } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { AuthContext } from "../../plugins/auth.ts";
import { decoyDestination } from "../auth/register.ts";
import { deliverOtp } from "../otp/deliver.ts";
import type { AccountDeps } from "../otp/deps.ts";
import { issueOtp } from "../otp/otp-codes.ts";

/** Sends a code to the account's current phone or e-mail to verify it. */
export async function requestVerify(
  deps: AccountDeps,
  auth: AuthContext,
  type: TVerifyType,
  locale: Locale,
): Promise<TOtpTicket> {
  const purpose = type === "phone" ? "verify_phone" : "verify_email";
  const channel = type === "phone" ? "sms" : "email";
  if (auth.decoy) {
    const otp = await issueOtp(deps.db, deps.config.jwtSecret, {
      purpose,
      channel,
      destination: decoyDestination(auth.sessionId, type),
      userId: null,
    });
    return otp.ticket;
  }
  const [user] = await deps.db.select().from(schema.users).where(eq(schema.users.id, auth.userId));
  if (!user) throw new AppError("UNAUTHORIZED");
  const verifiedAt = type === "phone" ? user.phoneNumberVerifiedAt : user.emailVerifiedAt;
  if (verifiedAt) throw new AppError("CONFLICT", { messageKey: "accounts.already_verified" });
  const destination = type === "phone" ? user.phoneNumber : user.email.toLowerCase();
  const otp = await issueOtp(deps.db, deps.config.jwtSecret, {
    purpose,
    channel,
    destination,
    userId: user.id,
  });
  await deliverOtp(deps, { channel, destination, code: otp.code, refCode: otp.refCode, locale });
  return otp.ticket;
}
