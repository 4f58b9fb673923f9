import { type Db, schema } from "@sms/db";
import type { TChangePasswordRequest } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import {
  hashPassword,
  lockAccount,
  overLimit,
  recordFailure,
  revokeUserDevices,
  revokeUserSessions,
  setPasswordHash,
  verifyPassword,
} from "../auth/index.ts";

/**
 * Changes the password and ends every session, the caller's too: the answer asks to login again.
 * A wrong current password counts toward the lockout, so a stolen session cannot guess it without
 * limit: over the limit the account locks and every session ends (unlock by the OTP reset).
 */
export async function changePassword(
  db: Db,
  userId: number,
  input: TChangePasswordRequest,
  now: Date = new Date(),
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  if (!user) throw new AppError("UNAUTHORIZED");
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    if (overLimit(await recordFailure(db, { account: userId }, now))) {
      await db.transaction(async (tx) => {
        await lockAccount(tx, userId, now);
        await revokeUserSessions(tx, userId, "password_changed", now);
        await revokeUserDevices(tx, userId, now);
      });
      throw new AppError("LOCKED", { messageKey: "accounts.locked" });
    }
    throw new AppError("VALIDATION", {
      messageKey: "accounts.current_password_wrong",
      details: [{ path: "current_password", message: "accounts.current_password_wrong" }],
    });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash, now);
    await revokeUserSessions(tx, userId, "password_changed", now);
    await revokeUserDevices(tx, userId, now);
  });
}
