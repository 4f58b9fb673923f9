import type { StatusColour } from "@sms/domain/rules/delivery-status";
import { MESSAGE_STATUS_LABELS } from "@sms/domain/rules/delivery-status";
import {
  STORED_STATUS_DISPLAY,
  type StoredMessageStatus,
  storedStatusColour,
} from "@sms/domain/rules/message-status";
import { useLocale } from "~/lib/locale";

/** Spec §4 colours: queued yellow, sent blue, delivered green, failed red, checking status gray. */
const TONE: Record<StatusColour, string> = {
  yellow: "bg-yellow-100 text-yellow-900",
  blue: "bg-blue-100 text-blue-900",
  green: "bg-green-100 text-green-900",
  red: "bg-red-100 text-red-900",
  gray: "bg-gray-200 text-gray-800",
};

/** The stored status's label (Thai or English, from the domain's catalogue) in its colour. */
export function statusLabel(status: StoredMessageStatus, locale: "th" | "en"): string {
  return MESSAGE_STATUS_LABELS[STORED_STATUS_DISPLAY[status]][locale];
}

export function MessageStatusChip({ status }: { status: StoredMessageStatus }) {
  const locale = useLocale();
  const colour = storedStatusColour(status);
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[colour]}`}
      data-testid="message-status"
      data-status={status}
      data-colour={colour}
    >
      {statusLabel(status, locale)}
    </span>
  );
}
