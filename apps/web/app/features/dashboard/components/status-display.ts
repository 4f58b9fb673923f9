import { MESSAGE_STATUS_LABELS } from "@sms/domain/rules/delivery-status";
import { STORED_STATUS_DISPLAY, type StoredMessageStatus } from "@sms/domain/rules/message-status";

/** Spec §4 colours: queued yellow, sent blue, delivered green, failed red, checking status gray. */
export const STATUS_SWATCH: Record<StoredMessageStatus, { fill: string; bg: string }> = {
  queued: { fill: "fill-yellow-400", bg: "bg-yellow-400" },
  sent: { fill: "fill-blue-500", bg: "bg-blue-500" },
  delivered: { fill: "fill-green-600", bg: "bg-green-600" },
  failed: { fill: "fill-red-600", bg: "bg-red-600" },
  pending: { fill: "fill-gray-400", bg: "bg-gray-400" },
};

/** The stored status's label from the domain's catalogue (the same words as the reports). */
export function statusName(status: StoredMessageStatus, locale: "th" | "en"): string {
  return MESSAGE_STATUS_LABELS[STORED_STATUS_DISPLAY[status]][locale];
}
