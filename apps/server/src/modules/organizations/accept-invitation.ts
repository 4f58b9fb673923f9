import { type Db, schema } from "@sms/db";
import type { Locale, TInvitationAnswerResponse } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { type MessageKey, translate } from "../../i18n/index.ts";
import { lockMyInvitation } from "./my-invitations.ts";

export interface AnswerInvitationOptions {
  userId: number;
  invitationId: number;
  locale: Locale;
  now?: Date;
}
export type AnswerInvitationResult = TInvitationAnswerResponse["data"];

/**
 * The invitee accepts (ADR 33): they become a member with the invited role. Their default
 * organization stays as it is; they switch to the new one when they choose to (review S4-3).
 * Accepting again is harmless; an expired or declined invitation cannot be accepted.
 */
export async function acceptInvitation(
  db: Db,
  { userId, invitationId, locale, now = new Date() }: AnswerInvitationOptions,
): Promise<AnswerInvitationResult> {
  return db.transaction(async (tx) => {
    const invitation = await lockMyInvitation(tx, userId, invitationId);
    if (!invitation) throw new AppError("NOT_FOUND");
    const answer = (key: MessageKey): AnswerInvitationResult => ({
      message: translate(key, locale, { organization: invitation.organizationName }),
      organization: { id: invitation.organizationId, name: invitation.organizationName },
      role: invitation.role,
    });
    if (invitation.acceptedAt) {
      if (invitation.acceptedBy === userId || (await isMember(tx, invitation.organizationId, userId))) {
        return answer("organizations.invitation_accepted");
      }
      throw new AppError("NOT_FOUND");
    }
    if (invitation.declinedAt) {
      throw new AppError("CONFLICT", { messageKey: "organizations.invitation_was_declined" });
    }
    if (invitation.expiresAt <= now) {
      throw new AppError("CONFLICT", { messageKey: "organizations.invitation_expired" });
    }
    await tx
      .insert(schema.members)
      .values({ organizationId: invitation.organizationId, userId, role: invitation.role })
      .onConflictDoNothing();
    await tx
      .update(schema.memberInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(schema.memberInvitations.id, invitation.id));
    return answer("organizations.invitation_accepted");
  });
}

async function isMember(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const m = schema.members;
  const [row] = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.organizationId, organizationId), eq(m.userId, userId)));
  return row !== undefined;
}
