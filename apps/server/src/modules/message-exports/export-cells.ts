import type { MessageType } from "@sms/domain";
import type { Locale } from "@sms/domain/routes";
import { resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import type { StoredMessageStatus } from "@sms/domain/rules/message-status";
import { reportedMessageText } from "@sms/domain/rules/otp-text";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import type { SheetCell } from "../../platform/spreadsheet-stream.ts";

/**
 * The formatting of one exported message, pure, so that it runs in the export's worker thread
 * (ADR 30). It imports only the few domain rules it needs: a worker loads its modules afresh, and the
 * whole domain package would add most of a second to every export's start.
 */

/** What the main thread sends per message: its columns, the campaign's text already in `text`. */
export interface MessageExportRow {
  createdAt: Date;
  sender: string;
  recipient: string;
  type: MessageType;
  text: string;
  credits: number;
  status: StoredMessageStatus;
  /** The gateway's (state, code) pair: a failed message's reason. */
  state: number;
  code: string | null;
  /** The send's name (a campaign's, an API send's tag); empty where it says nothing (instant, OTP). */
  campaign: string;
}

/** The type and status labels in the export's language, resolved on the main thread. */
export interface MessageExportLabels {
  locale: Locale;
  type: Record<MessageType, string>;
  status: Record<StoredMessageStatus, string>;
}

/** Why a failed message failed, from the gateway's pair (spec §4 catalogue); empty otherwise. */
function failureReason(row: MessageExportRow, locale: Locale): string {
  if (row.status !== "failed") return "";
  const entry = resolveDeliveryStatus(row.state, row.code);
  return entry.kind === "failed" ? entry.label[locale] : "";
}

/**
 * One exported row: the time as a date and the credits as a number (a SUM adds them up), every text
 * cell protected against formula injection (DESIGN §8), an OTP message's code masked as the report
 * masks it (issue 23 point 9). The phone stays text, so its leading zero is kept.
 */
export function messageCells(row: MessageExportRow, labels: MessageExportLabels): SheetCell[] {
  return [
    row.createdAt,
    protectCell(row.sender),
    protectCell(toLocalPhone(row.recipient)),
    protectCell(labels.type[row.type]),
    protectCell(reportedMessageText(row.type, row.text)),
    row.credits,
    protectCell(labels.status[row.status]),
    protectCell(failureReason(row, labels.locale)),
    protectCell(row.campaign),
  ];
}
