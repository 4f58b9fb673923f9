import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION } from "@sms/domain";
import { sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { clearLockout, revokeUserSessions } from "../auth/index.ts";
import { findUser, lockedSince, openSessionsWhere } from "./get-user.ts";
import { verificationReminderJob } from "./jobs.ts";

interface StaffAction {
  staffUserId: number;
  userId: number;
}

/**
 * The terms' "unlock by phone" (spec §9): support, having identified the caller, lifts the lock of
 * more than 10 wrong passwords, with the same effect as the customer's own OTP reset (the lock of
 * the account and its usernames, and the day's counts). An account that is not locked is CONFLICT.
 */
export async function unlockUser(db: Db, { staffUserId, userId }: StaffAction): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    const since = await lockedSince(tx, user);
    if (!since) throw new AppError("CONFLICT", { messageKey: "admin.user_not_locked" });
    await clearLockout(tx, { id: user.id, email: user.email, phone: user.phoneNumber });
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.unlockUser,
      targetType: "user",
      targetId: user.id,
      before: { locked_at: since.toISOString() },
      after: { locked_at: null },
    });
  });
}

/** Signs a user out everywhere (a lost phone, a shared password); none open is CONFLICT. */
export async function endUserSessions(
  db: Db,
  { staffUserId, userId }: StaffAction,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.authSessions)
      .where(openSessionsWhere(user.id, now));
    if (Number(open?.count ?? 0) === 0)
      throw new AppError("CONFLICT", { messageKey: "admin.user_no_sessions" });
    const ended = await revokeUserSessions(tx, user.id, "staff", now);
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.endUserSessions,
      targetType: "user",
      targetId: user.id,
      before: { open_sessions: Number(open?.count ?? 0) },
      after: { open_sessions: 0, ended },
    });
  });
}

/**
 * E-mails the user how to verify what is not verified yet, with a link to the verification page.
 * A code is not sent from here: verifying needs the code's reference, which only the page asking
 * for it shows. Both verified is CONFLICT.
 */
export async function remindVerification(deps: AppDeps, { staffUserId, userId }: StaffAction): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    const missing = {
      phone: user.phoneNumberVerifiedAt === null,
      email: user.emailVerifiedAt === null,
    };
    if (!missing.phone && !missing.email)
      throw new AppError("CONFLICT", { messageKey: "admin.user_already_verified" });
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.remindVerification,
      targetType: "user",
      targetId: user.id,
      after: { to: user.email, phone_unverified: missing.phone, email_unverified: missing.email },
    });
    await deps.jobs.enqueue(verificationReminderJob, { userId: user.id }, { tx });
  });
}
