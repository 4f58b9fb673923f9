import type { MessageIdFormat } from "./message-id.ts";
import type { ReceiptFields, ReceiptStat } from "./receipt.ts";
import type { ParsedUdh } from "./udh.ts";

export interface SmppClientOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType?: string;
  /** Parallel transceiver binds sharing one queue (SmppPool in effect). Default 1. */
  binds?: number;
  /** submit_sm per second, per bind. Default 50. */
  tps?: number;
  /** Outstanding submit_sm per bind awaiting their response. Default 10. */
  window?: number;
  /** How long a submit_sm (or enquire_link) may wait for its response. Default 10 s. */
  pduTimeoutMs?: number;
  /** Idle keep-alive. Default 30 s. */
  enquireLinkMs?: number;
  /** Reconnect backoff: doubles from min to max, with jitter. Defaults 250 ms and 30 s. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** How long a submit may wait for a free, bound connection before it fails as not sent. Default 60 s. */
  queueTimeoutMs?: number;
  /**
   * Once every bind has been lost for this long, queued submits fail as not sent ("not-bound") and
   * new ones fail at once, until a bind is back: a dead SMSC costs a batch this long, not
   * `queueTimeoutMs`, so the registry can fail over within seconds (issue 26 point 3). Default 2 s.
   */
  unboundQueueMs?: number;
  /** How this SMSC writes ids in submit_sm_resp and in receipts (see message-id.ts). Default "text". */
  submitIdFormat?: MessageIdFormat;
  receiptIdFormat?: MessageIdFormat;
  /**
   * "transceiver" (default) submits and receives receipts and replies; "transmitter" only submits,
   * so the SMSC sends this process no deliver_sm (processes that never listen). See setBindMode.
   */
  bindMode?: BindMode;
  /**
   * When true, the deliver_sm_resp of a receipt or reply waits until the event's `ack(ok)` is
   * called: ok answers ESME_ROK, not ok ESME_RX_T_APPN (temporary error: the SMSC delivers it
   * again). Unacknowledged after `ackTimeoutMs`, it is answered as not ok. When false (default),
   * every deliver_sm is answered ESME_ROK right after its event.
   */
  manualAck?: boolean;
  /** Default 30 s. */
  ackTimeoutMs?: number;
  /**
   * A part answered ESME_RTHROTTLED was refused, so it goes back to the front of the queue (it is
   * never accepted twice) and its bind halves its rate, then recovers by a tenth of `tps` per
   * second. After this many throttled answers the part fails as not sent (retriable). Default 10.
   */
  throttleRetries?: number;
}

export type BindMode = "transceiver" | "transmitter";

/** Answers a deliver_sm: true when what it carried is stored, false to have the SMSC send it again. */
export type DeliverAck = (ok: boolean) => void;

export interface SubmitRequest {
  /** Sender: an alphanumeric name (TON 5) or a number (TON 1). */
  source: string;
  /** Recipient in international form without "+", e.g. 66812345678. */
  destination: string;
  text: string;
  /** The caller's id for this message, echoed in errors and late responses. */
  tag?: string;
}

export interface AcceptedPart {
  part: number;
  state: "accepted";
  /** Normalised with submitIdFormat: equal to the receipt's messageId for the same part. */
  messageId: string;
  rawMessageId: string;
}

export type NotSentReason =
  | "rejected"
  | "throttled"
  | "closed"
  | "queue-timeout"
  | "not-bound"
  | "encode-failed";

/** Never written to a bound socket, or refused by the SMSC with an error status: safe to send again. */
export interface NotSentPart {
  part: number;
  state: "not-sent";
  reason: NotSentReason;
  /** Worth retrying as is (throttled, queue full, connection gone) rather than a permanent refusal. */
  retriable: boolean;
  commandStatus?: number;
}

/**
 * Written to the socket, but no response: the SMSC may or may not have accepted it. Sending it
 * again may deliver it twice; settle it from a late response or a receipt instead.
 */
export interface UnknownPart {
  part: number;
  state: "unknown";
  reason: "timeout" | "connection-lost";
}

export type PartOutcome = AcceptedPart | NotSentPart | UnknownPart;

export interface SubmitResult {
  tag?: string;
  /** Normalised ids, one per wire part, in part order. */
  messageIds: string[];
  parts: AcceptedPart[];
  encoding: "gsm7" | "ucs2";
  dataCoding: 0 | 8;
  /** What the customer pays (DESIGN §6); parts.length is what went on the wire. */
  billedParts: number;
}

export type SubmitOutcome = "not-sent" | "unknown" | "partial";

/**
 * A submit that did not fully succeed. `outcome`:
 * - "not-sent": no part can have reached the handset; `retriable` says whether resending is sensible;
 * - "partial": some parts were accepted and the others were not sent;
 * - "unknown": at least one part's fate is unknown (timeout or connection lost after writing it).
 * `parts` holds every part's outcome, accepted ones with their ids.
 */
export class SmppSubmitError extends Error {
  readonly outcome: SubmitOutcome;
  readonly retriable: boolean;
  constructor(
    message: string,
    readonly parts: PartOutcome[],
    readonly tag?: string,
  ) {
    super(message);
    this.name = new.target.name;
    const unknown = parts.some((p) => p.state === "unknown");
    const accepted = parts.some((p) => p.state === "accepted");
    this.outcome = unknown ? "unknown" : accepted ? "partial" : "not-sent";
    this.retriable = this.outcome === "not-sent" && parts.every((p) => p.state === "not-sent" && p.retriable);
  }
}

export class SmppNotSentError extends SmppSubmitError {}
export class SmppUnknownOutcomeError extends SmppSubmitError {}
export class SmppPartialSubmitError extends SmppSubmitError {}

/** The first bind attempt failed (connection refused, or the SMSC refused the credentials). */
export class SmppBindError extends Error {
  constructor(
    message: string,
    readonly commandStatus?: number,
  ) {
    super(message);
    this.name = "SmppBindError";
  }
}

export interface SmppReceipt {
  /** Normalised with receiptIdFormat, comparable to AcceptedPart.messageId. */
  messageId: string;
  rawMessageId: string;
  stat?: ReceiptStat;
  /** Network or SMSC error code as the SMSC wrote it (usually 3 digits). */
  err?: string;
  fields: ReceiptFields;
  /** The handset that received the message. */
  source: string;
  destination: string;
  bind: number;
}

export interface SmppInbound {
  source: string;
  destination: string;
  text: string;
  dataCoding: number;
  /** Concatenation header of a part of a long mobile-originated message. */
  udh?: ParsedUdh;
  bind: number;
}

export interface SmppLateResponse {
  tag?: string;
  /** From 0, as in PartOutcome. */
  part: number;
  /** Wire parts of the message. */
  parts: number;
  messageId?: string;
  commandStatus: number;
}

export interface SmppClientEvents {
  bound: [{ bind: number; mode: BindMode }];
  unbound: [{ bind: number; reason: string }];
  /** With manualAck the listener must call `ack` (once is enough; later calls are ignored). */
  receipt: [SmppReceipt, DeliverAck];
  inbound: [SmppInbound, DeliverAck];
  /** A submit_sm_resp that arrived after its submit was reported unknown: it settles that part. */
  lateResponse: [SmppLateResponse];
  /** The SMSC answered ESME_RTHROTTLED: the bind now submits at `tps`. */
  throttled: [{ bind: number; tps: number }];
  warning: [{ bind: number; message: string }];
}

export const ESME_RTHROTTLED = 0x58;
export const ESME_RMSGQFUL = 0x14;
export const ESME_RSYSERR = 0x08;
export const ESME_RSUBMITFAIL = 0x45;
export const ESME_RINVBNDSTS = 0x04;
export const ESME_RBINDFAIL = 0x0d;
export const ESME_RINVPASWD = 0x0e;
/** deliver_sm_resp: the ESME cannot take the message now; the SMSC should deliver it again. */
export const ESME_RX_T_APPN = 0x64;

/** Statuses saying "not now" rather than "never": the same submit may be sent again. */
export function isRetriableStatus(status: number): boolean {
  return [ESME_RTHROTTLED, ESME_RMSGQFUL, ESME_RSYSERR, ESME_RSUBMITFAIL].includes(status);
}
