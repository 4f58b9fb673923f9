import { schema } from "@sms/db";
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

export interface SendableSender {
  id: number;
  name: string;
  /** Null for the shared default sender. */
  organizationId: number | null;
  shared: boolean;
  /** marketing or otp (the shared default is otp): what the sender was approved to carry. */
  type: (typeof schema.SENDER_TYPES)[number];
}

/**
 * The sender a message of this organization may go out under (issue 11: only approved senders
 * can be used to send), by id or by name: an approved sender of the organization, or the shared
 * default. Another organization's sender, or none, is NOT_FOUND; a pending, blocked or cancelled
 * one is refused with the reason. The organization's own sender wins over a shared one of the same name.
 */
export async function findSendableSender(
  scope: TenantScope,
  senderIdOrName: number | string,
): Promise<SendableSender> {
  const t = schema.senders;
  const match: SQL =
    typeof senderIdOrName === "number"
      ? eq(t.id, senderIdOrName)
      : eq(sql`lower(${t.name})`, senderIdOrName.trim().toLowerCase());
  const rows = await scope.db
    .select({ id: t.id, name: t.name, organizationId: t.organizationId, status: t.status, type: t.type })
    .from(t)
    .where(and(match, or(scope.where(t), isNull(t.organizationId))))
    // Own rows first, approved first, then the newest: a name asked again after a block finds the live request.
    .orderBy(sql`${t.organizationId} is null`, sql`${t.status} = 'approved' desc`, sql`${t.createdAt} desc`)
    .limit(1);
  const sender = rows[0];
  if (!sender)
    throw new AppError("NOT_FOUND", { messageKey: "senders.not_found", reason: "sender_not_found" });
  if (sender.status !== "approved") {
    throw new AppError("VALIDATION", {
      messageKey: "senders.not_approved",
      details: [{ path: "sender", message: "senders.not_approved" }],
      reason: "sender_not_approved",
    });
  }
  return {
    id: sender.id,
    name: sender.name,
    organizationId: sender.organizationId,
    shared: sender.organizationId === null,
    type: sender.type,
  };
}

/**
 * The shared default sender carries only one-time codes of `/api/v2/otp/request` in the platform's
 * own words (issue 23 point 3, ADR 32): its name is the one the platform's own account codes come
 * from (OTP_SMS_SENDER), so a customer's free text under it would sit in the same thread as those
 * codes. Every other send (portal, file, schedule, /api/v2/sms) needs the organization's own
 * approved sender.
 */
export function assertOwnSender(sender: SendableSender): void {
  if (sender.shared) {
    throw new AppError("VALIDATION", {
      messageKey: "senders.own_sender_required",
      details: [{ path: "sender", message: "senders.own_sender_required" }],
      reason: "own_sender_required",
    });
  }
}
