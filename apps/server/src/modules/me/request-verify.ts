import { schema } from "@sms/db";
import type { Locale, TOtpTicket, TVerifyType } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { AuthContext } from "../../plugins/auth.ts";
import { sendDecoyCode } from "../auth/index.ts";
import { issueAndQueueOtp } from "../otp/index.ts";

/** Queues a code to the account's current phone or e-mail to verify it. */
export async function requestVerify(
  deps: AppDeps,
  auth: AuthContext,
  type: TVerifyType,
  locale: Locale,
): Promise<TOtpTicket> {
  if (auth.decoy) {
    const [session] = await deps.db
      .select({ phone: schema.authSessions.pendingPhone, email: schema.authSessions.pendingEmail })
      .from(schema.authSessions)
      .where(eq(schema.authSessions.id, auth.sessionId));
    const destination = type === "phone" ? session?.phone : session?.email;
    if (!destination) throw new AppError("UNAUTHORIZED");
    const otp = await sendDecoyCode(deps, {
      sessionId: auth.sessionId,
      ownerId: auth.userId > 0 ? auth.userId : null,
      type,
      destination,
      locale,
    });
    return otp.ticket;
  }
  const [user] = await deps.db.select().from(schema.users).where(eq(schema.users.id, auth.userId));
  if (!user) throw new AppError("UNAUTHORIZED");
  const verifiedAt = type === "phone" ? user.phoneNumberVerifiedAt : user.emailVerifiedAt;
  if (verifiedAt) throw new AppError("CONFLICT", { messageKey: "accounts.already_verified" });
  const otp = await issueAndQueueOtp(deps, {
    purpose: type === "phone" ? "verify_phone" : "verify_email",
    channel: type === "phone" ? "sms" : "email",
    destination: type === "phone" ? user.phoneNumber : user.email.toLowerCase(),
    userId: user.id,
    locale,
    send: { kind: "code" },
  });
  return otp.ticket;
}
