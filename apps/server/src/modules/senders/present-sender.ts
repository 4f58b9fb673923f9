import type { schema } from "@sms/db";
import type { Locale, TAdminSender, TSender, TSenderEvidenceFile } from "@sms/domain";
import { translate } from "../../i18n/index.ts";

export type SenderRow = typeof schema.senders.$inferSelect;

/** Stored in `decision_reason` by the inactivity job; shown to each reader in their language. */
export const SENDER_INACTIVE_REASON_KEY = "senders.reason.inactive";

/** A sender name as its organization reads it (spec §3 Sender), with its evidence documents. */
export function presentSender(row: SenderRow, evidenceFiles: TSenderEvidenceFile[], locale: Locale): TSender {
  return {
    id: row.id,
    name: row.name,
    company_name: row.companyName,
    type: row.type,
    account_type: row.accountType,
    evidence_url: row.evidenceUrl,
    evidence_files: evidenceFiles,
    example_message: row.exampleMessage,
    status: row.status,
    decision_reason:
      row.decisionReason === SENDER_INACTIVE_REASON_KEY
        ? translate(SENDER_INACTIVE_REASON_KEY, locale)
        : row.decisionReason,
    decided_at: row.decidedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    shared: row.organizationId === null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface AdminSenderExtras {
  evidenceFiles: TSenderEvidenceFile[];
  organizationName: string | null;
  requestedByEmail: string | null;
  requestedByName: string | null;
}

export function presentAdminSender(row: SenderRow, extras: AdminSenderExtras, locale: Locale): TAdminSender {
  return {
    ...presentSender(row, extras.evidenceFiles, locale),
    organization_id: row.organizationId,
    organization_name: extras.organizationName,
    requested_by_email: extras.requestedByEmail,
    requested_by_name: extras.requestedByName,
    decided_by: row.decidedBy,
  };
}
