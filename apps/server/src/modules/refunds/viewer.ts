import { schema } from "@sms/db";
import { memberCan } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

export type SendRow = typeof schema.campaigns.$inferSelect;

/**
 * Who reads or claims refunds: the organization's scope and, for a member whose role has only the
 * `reports.own` right (ADR 0010), the user whose sends it may see and claim; null for every send.
 */
export interface RefundViewer {
  scope: TenantScope;
  ownUserId: number | null;
  /** The acting user, recorded on the ledger entry. */
  userId: number;
}

export function refundViewerOf(request: FastifyRequest): RefundViewer {
  const { scope, memberRole, userId } = request.tenant;
  return { scope, ownUserId: memberCan(memberRole, "reports.all") ? null : userId, userId };
}

/** A send the viewer may see; another organization's (or another user's, for own-reports members) is NOT_FOUND. */
export async function findSend(viewer: RefundViewer, id: number): Promise<SendRow> {
  const row = await viewer.scope.findByIdOrNull(schema.campaigns, id);
  if (!row || (viewer.ownUserId !== null && row.userId !== viewer.ownUserId)) throw new AppError("NOT_FOUND");
  return row;
}
