import {
  type DeliveryStatus,
  type MessageStatus,
  resolveDeliveryStatus,
  STATUS_COLOURS,
  type StatusColour,
} from "./delivery-status.ts";

/**
 * A stored message's status (the rollups and reports count these):
 * - queued: stored and charged, the gateway has not accepted it yet;
 * - sent: the gateway accepted it, no final report yet;
 * - delivered / failed: final;
 * - pending: "checking status": an unknown (state, code) pair, or a submit whose outcome is unknown.
 */
export type StoredMessageStatus = "queued" | "sent" | "delivered" | "failed" | "pending";

export const STORED_MESSAGE_STATUSES = [
  "queued",
  "sent",
  "delivered",
  "failed",
  "pending",
] as const satisfies readonly StoredMessageStatus[];

/** The state-1 pair a message gets when the gateway accepts it (spec §4: 1/000 processing). */
export const SUBMIT_ACCEPTED_PAIR = { state: 1, code: "000" } as const;

/** Final statuses never change again, whatever report comes later (a duplicate receipt is a no-op). */
export function isFinalStatus(status: StoredMessageStatus): boolean {
  return status === "delivered" || status === "failed";
}

/** The status a (state, code) pair from the gateway gives a message it accepted. */
export function statusOfPair(state: number, code: string | null): StoredMessageStatus {
  const entry = resolveDeliveryStatus(state, code);
  switch (entry.kind) {
    case "delivered":
      return "delivered";
    case "failed":
      return "failed";
    case "processing":
      return "sent";
    default:
      return "pending";
  }
}

/**
 * A multipart message's combined status from its parts' pairs: failed as soon as one part failed
 * (the text cannot be read whole), delivered when every part was, otherwise the least advanced part.
 * Answers the pair that decided it, so the message shows a real catalogue entry.
 */
export function combinePartStatuses(parts: readonly { state: number | null; code: string | null }[]): {
  status: StoredMessageStatus;
  state: number;
  code: string | null;
} {
  let waiting: { status: StoredMessageStatus; state: number; code: string | null } | null = null;
  for (const part of parts) {
    if (part.state === null) {
      waiting ??= { status: "sent", ...SUBMIT_ACCEPTED_PAIR };
      continue;
    }
    const status = statusOfPair(part.state, part.code);
    if (status === "failed") return { status, state: part.state, code: part.code };
    if (status !== "delivered" && waiting === null) waiting = { status, state: part.state, code: part.code };
  }
  if (waiting) return waiting;
  const last = parts[parts.length - 1];
  return { status: "delivered", state: last?.state ?? 3, code: last?.code ?? "000" };
}

/** Which label and colour a stored status shows with (spec §4: queued yellow, sent blue, delivered green). */
export const STORED_STATUS_DISPLAY = {
  queued: "processing",
  sent: "sent",
  delivered: "delivered",
  failed: "failed",
  pending: "pending",
} as const satisfies Record<StoredMessageStatus, MessageStatus>;

export function storedStatusColour(status: StoredMessageStatus): StatusColour {
  return STATUS_COLOURS[STORED_STATUS_DISPLAY[status]];
}

/** The catalogue entry of a message's pair, for its detailed label (failed: why). */
export function messageDeliveryEntry(state: number, code: string | null): DeliveryStatus {
  return resolveDeliveryStatus(state, code);
}
