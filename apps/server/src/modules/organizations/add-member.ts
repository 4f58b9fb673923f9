import { schema } from "@sms/db";
import { INVITATION_TTL_DAYS, INVITATIONS_PER_DAY, type Locale, type TAddMemberResponse } from "@sms/domain";
import { and, count, eq, gt, isNull, min, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { translate } from "../../i18n/index.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { memberMailJob } from "./jobs.ts";
import { lockOrganization } from "./member-rules.ts";
import { userNameOf } from "./sql.ts";

export interface AddMemberOptions {
  scope: TenantScope;
  /** The owner who invites. */
  userId: number;
  input: { email: string; role: 1 | 2 | 100 };
  locale: Locale;
  now?: Date;
}
export type AddMemberResult = TAddMemberResponse["data"];

const DAY_MS = 86_400_000;

/**
 * Spec §6 "add a member by e-mail", as an invitation (ADR 33): nobody joins an organization
 * without accepting, so an account is never moved or listed somewhere it did not choose (review
 * S4-3, I6). The answer is the same whether the e-mail has an account or not. Only an owner with a
 * verified phone invites, and an organization sends at most INVITATIONS_PER_DAY in any 24 hours
 * (S4-9); the e-mail is queued in the same transaction.
 */
export async function addMember(
  deps: Pick<AppDeps, "db" | "jobs">,
  { scope, userId, input, locale, now = new Date() }: AddMemberOptions,
): Promise<AddMemberResult> {
  const email = input.email.trim().toLowerCase();
  const u = schema.users;
  const i = schema.memberInvitations;
  return deps.db.transaction(async (tx) => {
    const [inviter] = await tx
      .select({ name: userNameOf(u.id), phoneVerifiedAt: u.phoneNumberVerifiedAt })
      .from(u)
      .where(eq(u.id, userId));
    if (!inviter?.phoneVerifiedAt) {
      throw new AppError("FORBIDDEN", { messageKey: "organizations.invite_needs_verified_phone" });
    }
    // One invitation of an organization at a time, so two requests at 19 cannot both pass the cap.
    await lockOrganization(tx, scope);

    const [member] = await tx
      .select({ id: schema.members.id })
      .from(schema.members)
      .innerJoin(u, eq(u.id, schema.members.userId))
      .where(and(eq(schema.members.organizationId, scope.organizationId), eq(sql`lower(${u.email})`, email)));
    if (member) throw new AppError("CONFLICT", { messageKey: "organizations.already_member" });

    const [open] = await tx
      .select({ id: i.id, declinedAt: i.declinedAt, expiresAt: i.expiresAt })
      .from(i)
      .where(scope.where(i, eq(sql`lower(${i.email})`, email), isNull(i.acceptedAt), isNull(i.revokedAt)));
    if (open && open.declinedAt === null && open.expiresAt > now) {
      throw new AppError("CONFLICT", { messageKey: "organizations.already_invited" });
    }

    // Every row is one sent invitation (revoking keeps the row), so the count is of e-mails sent.
    const since = new Date(now.getTime() - DAY_MS);
    const [sent] = await tx
      .select({ count: count(), oldest: min(i.createdAt) })
      .from(i)
      .where(scope.where(i, gt(i.createdAt, since)));
    if (sent && sent.count >= INVITATIONS_PER_DAY && sent.oldest) {
      const seconds = Math.max(1, Math.ceil((sent.oldest.getTime() + DAY_MS - now.getTime()) / 1000));
      throw new AppError("RATE_LIMITED", {
        messageKey: "organizations.invitations_daily_cap",
        params: { seconds, limit: INVITATIONS_PER_DAY, hours: Math.ceil(seconds / 3600) },
      });
    }

    // An expired or declined invitation of this e-mail gives way to the new one.
    if (open) await tx.update(i).set({ revokedAt: now }).where(eq(i.id, open.id));
    const [invitation] = await tx
      .insert(i)
      .values(
        scope.stamp({
          email,
          role: input.role,
          invitedBy: userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        }),
      )
      .returning({ id: i.id });
    if (!invitation) throw new Error("invitation insert returned no row");
    await deps.jobs.enqueue(
      memberMailJob,
      {
        invitationId: invitation.id,
        organizationId: scope.organizationId,
        email,
        role: input.role,
        inviterName: inviter.name,
        locale,
      },
      { tx },
    );
    return {
      status: "invited" as const,
      message: translate("organizations.member_invited", locale, { email }),
      member: null,
    };
  });
}
