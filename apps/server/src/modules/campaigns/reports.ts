import { memberCan } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { TenantScope } from "../../platform/tenant.ts";

/**
 * Who reads the reports: the organization's scope, and for a member whose role has only the
 * `reports.own` right (ADR 0010), the user whose sends it may see.
 */
export interface ReportViewer {
  scope: TenantScope;
  /** Only this user's sends; null: every send of the organization. */
  ownUserId: number | null;
}

export function reportViewerOf(request: FastifyRequest): ReportViewer {
  const { scope, memberRole, userId } = request.tenant;
  return { scope, ownUserId: memberCan(memberRole, "reports.all") ? null : userId };
}
