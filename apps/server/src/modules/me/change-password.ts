import { type Db, schema } from "@sms/db";
import type { TChangePasswordRequest } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { revokeUserSessions } from "../auth/sessions.ts";

/** Changes the password and ends every session, the caller's too: the answer asks to login again. */
export async function changePassword(db: Db, userId: number, input: TChangePasswordRequest): Promise<void> {
  const [user] = await db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError("VALIDATION", {
      messageKey: "accounts.current_password_wrong",
      details: [{ path: "current_password", message: "accounts.current_password_wrong" }],
    });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(schema.users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(schema.users.id, userId));
    await revokeUserSessions(tx, userId, "password_changed");
  });
}
