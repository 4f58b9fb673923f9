import { schema } from "@sms/db";
import { INVITATION_SORT, type TInvitation, type TInvitationsListQuery } from "@sms/domain";
import { isNull, sql } from "drizzle-orm";
import { type Page, paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { iso, userNameOf } from "./sql.ts";

const i = schema.memberInvitations;

/**
 * The organization's open invitations (not accepted, not revoked) with where each stands: pending,
 * expired or declined (ADR 33). Newest first by default.
 */
export async function listInvitations(
  scope: TenantScope,
  query: TInvitationsListQuery,
  now: Date = new Date(),
): Promise<Page<TInvitation>> {
  return paginate(scope.db, {
    from: i,
    where: scope.where(i, isNull(i.acceptedAt), isNull(i.revokedAt)),
    select: {
      id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: i.invitedBy,
      inviterName: userNameOf(i.invitedBy),
      createdAt: i.createdAt,
      expiresAt: i.expiresAt,
      declinedAt: i.declinedAt,
    },
    sortable: { created_at: i.createdAt, email: sql`lower(${i.email})`, role: i.role },
    defaultSort: INVITATION_SORT.default,
    query,
    map: (r): TInvitation => ({
      id: r.id,
      email: r.email,
      role: r.role,
      status: r.declinedAt ? "declined" : r.expiresAt <= now ? "expired" : "pending",
      invited_by:
        r.invitedBy !== null && r.inviterName !== null ? { id: r.invitedBy, name: r.inviterName } : null,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      declined_at: iso(r.declinedAt),
    }),
  });
}
