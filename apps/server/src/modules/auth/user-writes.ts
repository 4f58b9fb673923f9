import { type Db, schema } from "@sms/db";
import { eq } from "drizzle-orm";

/**
 * A person's own changes to their account, made through `me`: the auth module owns `users`
 * (ADR 68). A unique violation (an address taken meanwhile) reaches the caller as it is.
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
