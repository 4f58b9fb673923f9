import { type Db, schema } from "@sms/db";
import { and, asc, eq, ne } from "drizzle-orm";

/**
 * Changes to a person's account that other modules make (`me`, `organizations`): the auth module
 * owns `users` (ADR 68, ADR 87). A unique violation (an address taken meanwhile) reaches the caller as it is.
 */

const u = schema.users;

type ContactChange =
  | { phoneNumber?: string; phoneNumberVerifiedAt: Date }
  | { email?: string; emailVerifiedAt: Date };

/** The names (phone, e-mail and password have their own confirmed flows). */
export async function renameUser(db: Db, userId: number, firstName: string, lastName: string): Promise<void> {
  await db.update(u).set({ firstName, lastName, updatedAt: new Date() }).where(eq(u.id, userId));
}

/** A new password's hash (the caller ends the other sessions in the same transaction). */
export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(u).set({ passwordHash, updatedAt: now }).where(eq(u.id, userId));
}

/** A verified phone number or e-mail address, new or confirmed. */
export async function setVerifiedContact(
  db: Db,
  userId: number,
  change: ContactChange,
  now: Date,
): Promise<void> {
  await db
    .update(u)
    .set({ ...change, updatedAt: now })
    .where(eq(u.id, userId));
}

/**
 * The user's current organization: a new account's first one (registration), or the switch
 * (`organizations`' switchOrganization, which has checked the membership; `now` stamps the change).
 */
export async function setDefaultOrganization(
  db: Db,
  userId: number,
  organizationId: number,
  now?: Date,
): Promise<void> {
  await db
    .update(u)
    .set({ defaultOrganizationId: organizationId, ...(now ? { updatedAt: now } : {}) })
    .where(eq(u.id, userId));
}

/**
 * A member removed from an organization (`organizations`' deleteMember, in its transaction): the
 * user's current organization, if it was this one, becomes their oldest other membership or none.
 */
export async function moveOffOrganization(db: Db, userId: number, organizationId: number): Promise<void> {
  const m = schema.members;
  const [user] = await db.select({ current: u.defaultOrganizationId }).from(u).where(eq(u.id, userId));
  if (!user || user.current !== organizationId) return;
  const [other] = await db
    .select({ organizationId: m.organizationId })
    .from(m)
    .where(and(eq(m.userId, userId), ne(m.organizationId, organizationId)))
    .orderBy(asc(m.createdAt), asc(m.id))
    .limit(1);
  await db
    .update(u)
    .set({ defaultOrganizationId: other?.organizationId ?? null, updatedAt: new Date() })
    .where(eq(u.id, userId));
}
