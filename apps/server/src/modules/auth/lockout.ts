import { type Db, schema } from "@sms/db";
import { bangkokDayKey } from "@sms/domain";
import { eq, inArray, or, sql } from "drizzle-orm";

/** Spec §9 terms: the account locks after more than 10 wrong passwords within one Bangkok day. */
export const MAX_WRONG_PASSWORDS_PER_DAY = 10;

/**
 * What a wrong password is counted against (docs/decisions/0004-lockout-abuse.md):
 * - `key`: the username an untrusted client typed, real or unknown; e-mail and phone apart, so the
 *   counter neither tells real accounts from unknown names nor links an e-mail to a phone;
 * - `device`: a device the account trusts, so strangers cannot use up the owner's budget;
 * - `account`: a signed-in change-password.
 */
export type FailureScope = { key: string } | { device: string } | { account: number };

function scopeOf(scope: FailureScope): string {
  if ("key" in scope) return `key:${scope.key}`;
  if ("device" in scope) return `device:${scope.device}`;
  return `account:${scope.account}`;
}

/**
 * Counts one wrong password and answers the count of the day including it. One upsert, so
 * concurrent failures each get their own number and none is lost.
 */
export async function recordFailure(db: Db, scope: FailureScope, now: Date): Promise<number> {
  const c = schema.loginCounters;
  const [row] = await db
    .insert(c)
    .values({ scope: scopeOf(scope), bangkokDay: bangkokDayKey(now), failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [c.scope, c.bangkokDay],
      set: { failures: sql`${c.failures} + 1`, updatedAt: now },
    })
    .returning({ failures: c.failures });
  if (!row) throw new Error("login counter upsert returned no row");
  return row.failures;
}

export function overLimit(failures: number): boolean {
  return failures > MAX_WRONG_PASSWORDS_PER_DAY;
}

/**
 * Locks a username for untrusted clients and, when it is an account's e-mail or phone, the account.
 * The same two statements run for an unknown name (the update then matches no row).
 */
export async function lockUsername(db: Db, usernameKey: string, now: Date): Promise<void> {
  await db.insert(schema.loginLocks).values({ usernameKey, lockedAt: now }).onConflictDoNothing();
  const u = schema.users;
  await db
    .update(u)
    .set({ lockedAt: sql`coalesce(${u.lockedAt}, ${now.toISOString()}::timestamptz)` })
    .where(or(eq(sql`lower(${u.email})`, usernameKey), eq(u.phoneNumber, usernameKey)));
}

/** Locks an account by id (trusted device or change-password over the limit): both its usernames. */
export async function lockAccount(db: Db, userId: number, now: Date): Promise<void> {
  const [user] = await db
    .update(schema.users)
    .set({ lockedAt: now })
    .where(eq(schema.users.id, userId))
    .returning({ email: schema.users.email, phone: schema.users.phoneNumber });
  if (!user) return;
  await db
    .insert(schema.loginLocks)
    .values([
      { usernameKey: user.email.toLowerCase(), lockedAt: now },
      { usernameKey: user.phone, lockedAt: now },
    ])
    .onConflictDoNothing();
}

export async function isUsernameLocked(db: Db, usernameKey: string): Promise<boolean> {
  const [row] = await db
    .select({ key: schema.loginLocks.usernameKey })
    .from(schema.loginLocks)
    .where(eq(schema.loginLocks.usernameKey, usernameKey));
  return row !== undefined;
}

/** The OTP reset's unlock: the account, and the locks and counters of its usernames and account. */
export async function clearLockout(
  db: Db,
  user: { id: number; email: string; phone: string },
): Promise<void> {
  const keys = [user.email.toLowerCase(), user.phone];
  await db.update(schema.users).set({ lockedAt: null }).where(eq(schema.users.id, user.id));
  await db.delete(schema.loginLocks).where(inArray(schema.loginLocks.usernameKey, keys));
  const scopes = [...keys.map((key) => scopeOf({ key })), scopeOf({ account: user.id })];
  await db.delete(schema.loginCounters).where(inArray(schema.loginCounters.scope, scopes));
}
