import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, type TContactSubmission, type TUpdateContactSubmissionRequest } from "@sms/domain";
import { USER_ROLE } from "@sms/domain/roles";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../platform/audit.ts";
import { SUBMISSION_FIELDS, toContactSubmission } from "./list-contact-submissions.ts";

const t = schema.contactSubmissions;

/**
 * Staff's inbox (review D70): a contact message marked answered (stamped with the time) or new again,
 * and/or given to a member of staff (an admin) or to nobody. Audited with before and after in the
 * same transaction. An unknown message is 404; an assignee who is not staff is the caller's 400.
 */
export async function updateContactSubmission(
  db: Db,
  input: { staffUserId: number; id: number; change: TUpdateContactSubmissionRequest },
  now = new Date(),
): Promise<TContactSubmission> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(eq(t.id, input.id)).for("update");
    if (!row) throw new AppError("NOT_FOUND");
    const { status, assignee_user_id: assignee } = input.change;
    if (assignee !== undefined && assignee !== null) {
      const [staff] = await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(sql`${schema.users.id} = ${assignee} and ${USER_ROLE.admin} = any(${schema.users.roles})`);
      if (!staff) {
        throw new AppError("VALIDATION", {
          details: [{ path: "assignee_user_id", message: "validation.contact_assignee_invalid" }],
        });
      }
    }
    const next = {
      status: status ?? row.status,
      assigneeUserId: assignee === undefined ? row.assigneeUserId : assignee,
      answeredAt:
        status === undefined || status === row.status ? row.answeredAt : status === "answered" ? now : null,
    };
    await tx.update(t).set(next).where(eq(t.id, row.id));
    await recordAudit(tx, {
      actorUserId: input.staffUserId,
      action: AUDIT_ACTION.updateContactSubmission,
      targetType: "contact_submission",
      targetId: row.id,
      before: { status: row.status, assignee_user_id: row.assigneeUserId },
      after: { status: next.status, assignee_user_id: next.assigneeUserId },
    });
    const [updated] = await tx.select(SUBMISSION_FIELDS).from(t).where(eq(t.id, row.id));
    return toContactSubmission(updated!);
  });
}
