import type { Db } from "@sms/db";
import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { translate } from "../../i18n/index.ts";
import type { AnswerInvitationOptions, AnswerInvitationResult } from "./accept-invitation.ts";
import { lockMyInvitation } from "./my-invitations.ts";

/**
 * The invitee declines (ADR 33): the owner sees it declined and may invite again (the daily cap
 * still counts). Declining twice is harmless; an accepted invitation is a membership to leave, not
 * to decline.
 */
export async function declineInvitation(
  db: Db,
  { userId, invitationId, locale, now = new Date() }: AnswerInvitationOptions,
): Promise<AnswerInvitationResult> {
  return db.transaction(async (tx) => {
    const invitation = await lockMyInvitation(tx, userId, invitationId);
    if (!invitation) throw new AppError("NOT_FOUND");
    if (invitation.acceptedAt) {
      if (invitation.acceptedBy !== userId) throw new AppError("NOT_FOUND");
      throw new AppError("CONFLICT", { messageKey: "organizations.invitation_already_accepted" });
    }
    if (!invitation.declinedAt) {
      await tx
        .update(schema.memberInvitations)
        .set({ declinedAt: now })
        .where(eq(schema.memberInvitations.id, invitation.id));
    }
    return {
      message: translate("organizations.invitation_declined", locale, {
        organization: invitation.organizationName,
      }),
      organization: { id: invitation.organizationId, name: invitation.organizationName },
      role: invitation.role,
    };
  });
}
