import type { Locale } from "@sms/domain";
import { MESSAGE_STATUS_LABELS } from "@sms/domain/rules/delivery-status";
import { STORED_STATUS_DISPLAY, type StoredMessageStatus } from "@sms/domain/rules/message-status";

/** A stored message status as the catalogue labels it (Thai or English), as the messages report does. */
export function messageStatusLabel(status: StoredMessageStatus, locale: Locale): string {
  return MESSAGE_STATUS_LABELS[STORED_STATUS_DISPLAY[status]][locale];
}
