import type { MessageType } from "@sms/domain";
import type { StoredMessageStatus } from "@sms/domain/rules/message-status";
import { reportedMessageText } from "@sms/domain/rules/otp-text";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { protectCell } from "@sms/domain/rules/spreadsheet-cell";

/**
 * The formatting of one exported message, pure, so that it runs in the export's worker thread
 * (ADR 30). It imports only the few domain rules it needs: a worker loads its modules afresh, and the
 * whole domain package would add most of a second to every export's start.
 */

/** Thailand keeps UTC+7 all year; a fixed shift is exact and far cheaper per row than a tz lookup. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

export function bangkokTimestamp(date: Date): string {
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** What the main thread sends per message: its columns, the campaign's text already in `text`. */
export interface MessageExportRow {
  createdAt: Date;
  sender: string;
  recipient: string;
  type: MessageType;
  text: string;
  credits: number;
  status: StoredMessageStatus;
}

/** The type and status labels in the export's language, resolved on the main thread. */
export interface MessageExportLabels {
  type: Record<MessageType, string>;
  status: Record<StoredMessageStatus, string>;
}

/**
 * One exported row; every cell is protected against formula injection (DESIGN §8), and an OTP
 * message's code is masked as the report masks it (issue 23 point 9).
 */
export function messageCells(row: MessageExportRow, labels: MessageExportLabels): string[] {
  return [
    protectCell(bangkokTimestamp(row.createdAt)),
    protectCell(row.sender),
    protectCell(toLocalPhone(row.recipient)),
    protectCell(labels.type[row.type]),
    protectCell(reportedMessageText(row.type, row.text)),
    protectCell(String(row.credits)),
    protectCell(labels.status[row.status]),
  ];
}
