import { schema } from "@sms/db";
import { INVITATION_SORT, type TInvitation, type TInvitationsListQuery } from "@sms/domain";
import { isNull, sql } from "drizzle-orm";
import { type Page, paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { userNameOf } from "./sql.ts";

const i = schema.memberInvitations;

/** The organization's invitations nobody has accepted yet, newest first by default (issue 10). */
export async function listInvitations(
  scope: TenantScope,
  query: TInvitationsListQuery,
): Promise<Page<TInvitation>> {
  return paginate(scope.db, {
    from: i,
    where: scope.where(i, isNull(i.acceptedAt)),
    select: {
      id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: i.invitedBy,
      inviterName: userNameOf(i.invitedBy),
      createdAt: i.createdAt,
    },
    sortable: { created_at: i.createdAt, email: sql`lower(${i.email})`, role: i.role },
    defaultSort: INVITATION_SORT.default,
    query,
    map: (r): TInvitation => ({
      id: r.id,
      email: r.email,
      role: r.role,
      invited_by:
        r.invitedBy !== null && r.inviterName !== null ? { id: r.invitedBy, name: r.inviterName } : null,
      created_at: r.createdAt.toISOString(),
    }),
  });
}
