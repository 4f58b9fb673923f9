import { type Db, schema } from "@sms/db";
import type { TAdminUserDetail } from "@sms/domain";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { presentUser } from "./list-users.ts";

const u = schema.users;
const s = schema.authSessions;

/** The username keys the lockout counts and locks (lower-case e-mail, 66-form phone). */
export const usernameKeys = (user: { email: string; phoneNumber: string }) => [
  user.email.toLowerCase(),
  user.phoneNumber,
];

/** The account is locked, or one of its usernames is (lockout.ts locks both). */
export async function lockedSince(db: Db, user: typeof u.$inferSelect): Promise<Date | null> {
  if (user.lockedAt) return user.lockedAt;
  const [lock] = await db
    .select({ lockedAt: schema.loginLocks.lockedAt })
    .from(schema.loginLocks)
    .where(inArray(schema.loginLocks.usernameKey, usernameKeys(user)))
    .orderBy(asc(schema.loginLocks.lockedAt))
    .limit(1);
  return lock?.lockedAt ?? null;
}

export async function findUser(db: Db, userId: number): Promise<typeof u.$inferSelect> {
  const [user] = await db.select().from(u).where(eq(u.id, userId));
  if (!user) throw new AppError("NOT_FOUND");
  return user;
}

/** Sign-in sessions still usable now (the register steps' sessions are not counted). */
export const openSessionsWhere = (userId: number, now: Date) =>
  and(eq(s.userId, userId), eq(s.kind, "login"), isNull(s.revokedAt), gt(s.expiresAt, now));

/** One user for support: verification, the lock, open sessions, last sign-in and organizations. */
export async function getUser(db: Db, userId: number, now = new Date()): Promise<TAdminUserDetail> {
  const user = await findUser(db, userId);
  const [locked, [sessions], [last], memberships] = await Promise.all([
    lockedSince(db, user),
    db.select({ open: sql<number>`count(*)::int` }).from(s).where(openSessionsWhere(userId, now)),
    db
      .select({ at: s.createdAt })
      .from(s)
      .where(and(eq(s.userId, userId), eq(s.kind, "login")))
      .orderBy(desc(s.createdAt))
      .limit(1),
    db
      .select({
        organizationId: schema.organizations.id,
        name: schema.organizations.name,
        role: schema.members.role,
      })
      .from(schema.members)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.members.organizationId))
      .where(eq(schema.members.userId, userId))
      .orderBy(desc(schema.members.role), asc(schema.organizations.name)),
  ]);
  return {
    ...presentUser(user, memberships.length),
    locked: locked !== null,
    locked_at: locked?.toISOString() ?? null,
    open_sessions: Number(sessions?.open ?? 0),
    last_sign_in_at: last?.at.toISOString() ?? null,
    memberships: memberships.map((m) => ({ organization_id: m.organizationId, name: m.name, role: m.role })),
  };
}
