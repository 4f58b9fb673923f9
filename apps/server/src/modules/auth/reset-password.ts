import { type Db, schema } from "@sms/db";
import type { TResetPasswordRequest } from "@sms/domain";
import { and, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { hashPassword } from "./passwords.ts";
import { revokeUserSessions } from "./sessions.ts";
import { hashResetToken } from "./verify-forgot-password.ts";

/**
 * Sets a new password with a reset token. Proving the code also unlocks the account (spec §9:
 * the OTP reset is the unlock path), clears the wrong-password count and ends every session.
 */
export async function resetPassword(
  db: Db,
  input: TResetPasswordRequest,
  now: Date = new Date(),
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const o = schema.otpCodes;
  await db.transaction(async (tx) => {
    const [grant] = await tx
      .update(o)
      .set({ grantUsedAt: now })
      .where(
        and(
          eq(o.grantHash, hashResetToken(input.reset_token)),
          eq(o.purpose, "reset_password"),
          isNull(o.grantUsedAt),
          gt(o.grantExpiresAt, now),
          isNotNull(o.userId),
        ),
      )
      .returning({ userId: o.userId });
    if (!grant?.userId) throw new AppError("OTP_EXPIRED", { messageKey: "accounts.reset_token_invalid" });
    const [user] = await tx
      .update(schema.users)
      .set({ passwordHash, lockedAt: null, updatedAt: now })
      .where(eq(schema.users.id, grant.userId))
      .returning({ id: schema.users.id, email: schema.users.email, phone: schema.users.phoneNumber });
    if (!user) throw new AppError("OTP_EXPIRED", { messageKey: "accounts.reset_token_invalid" });
    const f = schema.loginFailures;
    await tx
      .delete(f)
      .where(or(eq(f.userId, user.id), inArray(f.usernameKey, [user.email.toLowerCase(), user.phone])));
    await revokeUserSessions(tx, user.id, "password_reset", now);
  });
}
