import { type Db, schema } from "@sms/db";
import type { TResetPasswordRequest } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { useResetGrant } from "../otp/index.ts";
import { clearLockout } from "./lockout.ts";
import { hashPassword } from "./passwords.ts";
import { revokeUserSessions } from "./sessions.ts";
import { revokeUserDevices } from "./trusted-devices.ts";
import { hashResetToken } from "./verify-forgot-password.ts";

/**
 * Sets a new password with a reset token. Proving the code also unlocks the account (spec §9:
 * the OTP reset is the unlock path), clears the wrong-password counts and ends every session and
 * device trust (a reset may follow a compromise).
 */
export async function resetPassword(
  db: Db,
  input: TResetPasswordRequest,
  now: Date = new Date(),
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const userId = await useResetGrant(tx, hashResetToken(input.reset_token), now);
    if (userId === null) throw new AppError("OTP_EXPIRED", { messageKey: "accounts.reset_token_invalid" });
    const [user] = await tx
      .update(schema.users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(schema.users.id, userId))
      .returning({ id: schema.users.id, email: schema.users.email, phone: schema.users.phoneNumber });
    if (!user) throw new AppError("OTP_EXPIRED", { messageKey: "accounts.reset_token_invalid" });
    await clearLockout(tx, user);
    await revokeUserSessions(tx, user.id, "password_reset", now);
    await revokeUserDevices(tx, user.id, now);
  });
}
