import { type Db, schema } from "@sms/db";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

export interface AcceptInvitationsOptions {
  userId: number;
  /** The e-mail the user has just proven to own. */
  email: string;
  /**
   * Move the user into the (first) inviting organization: a person who registered because of an
   * invitation lands where they were invited. A later e-mail change only adds the memberships.
   */
  makeDefault?: boolean;
}

/**
 * Turns the pending invitations of a verified e-mail into memberships (spec §6: "an unknown e-mail
 * can register and land in the organization"). Call it in the transaction that marks the e-mail
 * verified, never before: an unverified address proves nothing. Answers the organizations joined.
 */
export async function acceptInvitations(
  db: Db,
  { userId, email, makeDefault = false }: AcceptInvitationsOptions,
): Promise<number[]> {
  const i = schema.memberInvitations;
  const pending = await db
    .select({ id: i.id, organizationId: i.organizationId, role: i.role })
    .from(i)
    .where(and(eq(sql`lower(${i.email})`, email.trim().toLowerCase()), isNull(i.acceptedAt)))
    .orderBy(asc(i.createdAt), asc(i.id))
    .for("update");
  if (pending.length === 0) return [];
  const now = new Date();
  for (const invitation of pending) {
    await db
      .insert(schema.members)
      .values({ organizationId: invitation.organizationId, userId, role: invitation.role })
      .onConflictDoNothing();
    await db.update(i).set({ acceptedAt: now }).where(eq(i.id, invitation.id));
  }
  const first = pending[0];
  if (makeDefault && first) {
    await db
      .update(schema.users)
      .set({ defaultOrganizationId: first.organizationId, updatedAt: now })
      .where(eq(schema.users.id, userId));
  }
  return pending.map((p) => p.organizationId);
}
