import { schema } from "@sms/db";
import type { Locale, TAddMemberResponse } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { translate } from "../../i18n/index.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { memberMailJob } from "./jobs.ts";
import { memberById } from "./list-members.ts";
import { userNameOf } from "./sql.ts";

export interface AddMemberOptions {
  scope: TenantScope;
  /** The owner who adds. */
  userId: number;
  input: { email: string; role: 1 | 2 | 100 };
  locale: Locale;
}
export type AddMemberResult = TAddMemberResponse["data"];

/**
 * Spec §6: the owner adds a member by e-mail with a role. An account with that verified e-mail
 * becomes a member at once; any other address is kept as an invitation that the verification of
 * that e-mail accepts (acceptInvitations), after registering or on the account page. Either way the person is told by e-mail, queued in the same transaction.
 */
export async function addMember(
  deps: Pick<AppDeps, "db" | "jobs">,
  { scope, userId, input, locale }: AddMemberOptions,
): Promise<AddMemberResult> {
  const email = input.email.trim().toLowerCase();
  const u = schema.users;
  return deps.db.transaction(async (tx) => {
    const txScope = scope.with(tx);
    const [inviter] = await tx
      .select({ name: userNameOf(u.id) })
      .from(u)
      .where(eq(u.id, userId));
    const mail = {
      organizationId: scope.organizationId,
      role: input.role,
      inviterName: inviter?.name ?? "",
      locale,
    };
    const [user] = await tx
      .select({ id: u.id, email: u.email, verifiedAt: u.emailVerifiedAt })
      .from(u)
      .where(eq(sql`lower(${u.email})`, email))
      .limit(1);
    // Only a proven address joins at once: an account still waiting to verify this e-mail may have
    // been registered by someone else, so it gets the invitation that its verification accepts.
    if (user?.verifiedAt) {
      const [row] = await tx
        .insert(schema.members)
        .values(txScope.stamp({ userId: user.id, role: input.role }))
        .onConflictDoNothing()
        .returning({ id: schema.members.id });
      if (!row) throw new AppError("CONFLICT", { messageKey: "organizations.already_member" });
      await deps.jobs.enqueue(memberMailJob, { ...mail, email: user.email, kind: "added" }, { tx });
      return {
        status: "added" as const,
        message: translate("organizations.member_added", locale),
        member: await memberById(txScope, row.id),
      };
    }
    const [invitation] = await tx
      .insert(schema.memberInvitations)
      .values(txScope.stamp({ email, role: input.role, invitedBy: userId }))
      .onConflictDoNothing()
      .returning({ id: schema.memberInvitations.id });
    if (!invitation) throw new AppError("CONFLICT", { messageKey: "organizations.already_invited" });
    await deps.jobs.enqueue(memberMailJob, { ...mail, email, kind: "invited" }, { tx });
    return {
      status: "invited" as const,
      message: translate("organizations.member_invited", locale, { email }),
      member: null,
    };
  });
}
