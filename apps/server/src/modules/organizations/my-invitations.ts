import { type Db, schema, type Tx } from "@sms/db";
import { MY_INVITATIONS_MAX, type TMyInvitation } from "@sms/domain";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { userNameOf } from "./sql.ts";

const i = schema.memberInvitations;
const o = schema.organizations;

/**
 * The e-mail a user has proven to own, lower-cased, or null. Invitations belong to an e-mail
 * (ADR 33): only the account that verified it may see or answer them, so an account registered
 * with someone else's address (unverified) sees none.
 */
export async function verifiedEmailOf(db: Db, userId: number): Promise<string | null> {
  const u = schema.users;
  const [user] = await db
    .select({ email: u.email, verifiedAt: u.emailVerifiedAt })
    .from(u)
    .where(eq(u.id, userId));
  return user?.verifiedAt ? user.email.trim().toLowerCase() : null;
}

/** GET /c/me/invitations: the invitations waiting for the caller's verified e-mail, newest first. */
export async function listMyInvitations(
  db: Db,
  { userId, now = new Date() }: { userId: number; now?: Date },
): Promise<TMyInvitation[]> {
  const email = await verifiedEmailOf(db, userId);
  if (!email) return [];
  const rows = await db
    .select({
      id: i.id,
      organizationId: o.id,
      organizationName: o.name,
      role: i.role,
      inviterName: userNameOf(i.invitedBy),
      createdAt: i.createdAt,
      expiresAt: i.expiresAt,
    })
    .from(i)
    .innerJoin(o, eq(o.id, i.organizationId))
    .where(
      and(
        eq(sql`lower(${i.email})`, email),
        isNull(i.acceptedAt),
        isNull(i.declinedAt),
        isNull(i.revokedAt),
        gt(i.expiresAt, now),
      ),
    )
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(MY_INVITATIONS_MAX);
  return rows.map((r) => ({
    id: r.id,
    organization: { id: r.organizationId, name: r.organizationName },
    role: r.role,
    invited_by: r.inviterName === null ? null : { name: r.inviterName },
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
  }));
}

/**
 * The caller's invitation with this id, locked for the answer; null when it is not theirs (another
 * e-mail, an unverified e-mail, revoked or replaced): the caller then gets 404, as for an id that
 * does not exist.
 */
export async function lockMyInvitation(tx: Tx, userId: number, invitationId: number) {
  const email = await verifiedEmailOf(tx, userId);
  if (!email) return null;
  const [row] = await tx
    .select({
      id: i.id,
      organizationId: i.organizationId,
      organizationName: o.name,
      role: i.role,
      acceptedAt: i.acceptedAt,
      acceptedBy: i.acceptedBy,
      declinedAt: i.declinedAt,
      expiresAt: i.expiresAt,
    })
    .from(i)
    .innerJoin(o, eq(o.id, i.organizationId))
    .where(and(eq(i.id, invitationId), eq(sql`lower(${i.email})`, email), isNull(i.revokedAt)))
    .for("update", { of: i });
  return row ?? null;
}
