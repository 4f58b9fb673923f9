import type { schema } from "@sms/db";
import { maskOtpText, reportedMessageText, type TCampaign, type TMessage } from "@sms/domain";

type CampaignRow = typeof schema.campaigns.$inferSelect;
type MessageRow = typeof schema.messages.$inferSelect;

/**
 * `otp`: the send is a public-API OTP code (its messages are of type `otp`), whose text holds the
 * code: shown masked, as every report shows OTP texts (issue 23 point 9).
 */
export function presentCampaign(row: CampaignRow, options: { otp?: boolean } = {}): TCampaign {
  return {
    id: row.id,
    kind: row.kind,
    purpose: row.purpose,
    name: row.name,
    sender: row.senderName,
    template_id: row.templateId,
    message: options.otp ? maskOtpText(row.text) : row.text,
    group_ids: row.groupIds,
    manual_contacts: row.manualContacts,
    file_name: row.fileName,
    recipients: row.recipients,
    invalid: row.invalidCount,
    duplicates: row.duplicateCount,
    suppressed: row.suppressedCount,
    credits: row.credits,
    refunded_credits: row.refundedCredits,
    status: row.status,
    accepted_at: row.acceptedAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A message as reports show it; its campaign's text is used when the message has none of its own,
 * an OTP message's code is masked (reportedMessageText), and an API message carries its send's
 * scheduled_for.
 */
export function presentMessage(
  row: MessageRow,
  campaign: Pick<CampaignRow, "text" | "scheduledFor">,
): TMessage {
  const message: TMessage = {
    id: row.id,
    campaign_id: row.campaignId,
    type: row.type,
    sender: row.sender,
    recipient: row.recipient,
    message: reportedMessageText(row.type, row.text ?? campaign.text),
    billed_parts: row.billedParts,
    credits: row.credits,
    status: row.status,
    state: row.state,
    code: row.code,
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    done_at: row.doneAt?.toISOString() ?? null,
  };
  if (row.type === "api") message.scheduled_for = campaign.scheduledFor?.toISOString() ?? null;
  return message;
}
