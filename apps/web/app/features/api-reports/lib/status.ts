import type { Locale } from "@sms/domain";
import { MESSAGE_STATUS_LABELS } from "@sms/domain/rules/delivery-status";
import { STORED_STATUS_DISPLAY, type StoredMessageStatus } from "@sms/domain/rules/message-status";

/** A stored message status as the catalogue labels it (Thai or English), as the messages report does. */
export function messageStatusLabel(status: StoredMessageStatus, locale: Locale): string {
  return MESSAGE_STATUS_LABELS[STORED_STATUS_DISPLAY[status]][locale];
}

/**
 * When a queued message's send was scheduled (the public API's scheduled_delivery) and that time is
 * still ahead; null otherwise. Its status alone says only "queued".
 */
export function scheduledAhead(
  message: { status: StoredMessageStatus; scheduled_for?: string | null | undefined },
  now: Date = new Date(),
): Date | null {
  if (message.status !== "queued" || !message.scheduled_for) return null;
  const at = new Date(message.scheduled_for);
  return at.getTime() > now.getTime() ? at : null;
}
