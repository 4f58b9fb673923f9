import type { RoutePurpose } from "@sms/domain";

export interface OutgoingSms {
  /** Recipient in the 66 form. */
  to: string;
  sender: string;
  text: string;
}

/** One message of a dispatch batch. */
export interface GatewaySubmit {
  /** The engine's stable message id: echoed back in outcomes, and by receipts where the gateway can. */
  reference: string;
  /** Recipient in the 66 form. */
  to: string;
  sender: string;
  text: string;
  /** What routes match on (issue 26); a message without them is routed as general traffic. */
  purpose?: RoutePurpose;
  organizationId?: number;
}

/** Where the registry sent a message (issue 26): recorded on the message with its outcome. */
export interface GatewayRoute {
  connectionId: number;
  /** The route rule that chose the connection; null when none did (the connections' own order). */
  routeId: number | null;
}

/** An accepted wire part and the gateway's (normalised) id for it. */
export interface GatewayPart {
  part: number;
  gatewayId: string;
}

/**
 * What became of one submitted message, in the order given:
 * - accepted: every wire part was accepted;
 * - rejected: the gateway refused it for good, with the spec §4 state-1 pair; nothing was delivered;
 * - retry: nothing was written to the gateway, or it answered "not now" (throttled, queue full, no
 *   bind): safe to submit again later;
 * - unknown: written, but at least one part got no answer (timeout, connection lost). Submitting it
 *   again could deliver it twice; parts accepted before that are listed.
 */
export type GatewayOutcome = (
  | { reference: string; status: "accepted"; parts: GatewayPart[]; wireParts: number }
  | { reference: string; status: "rejected"; state: number; code: string }
  | { reference: string; status: "retry"; reason: string }
  | { reference: string; status: "unknown"; parts: GatewayPart[]; wireParts: number }
) & { route?: GatewayRoute };

/** A delivery report already mapped to the spec §4 catalogue pair. */
export interface GatewayReceipt {
  gatewayId: string;
  /** Our message id, when the gateway echoes it (the simulator does; some SMSCs do). */
  reference?: string;
  /** The handset the report is about (66 form), when the gateway says (an SMSC's source_addr). */
  msisdn?: string;
  state: number;
  code: string;
  /**
   * The part's submit was still being answered when the report came (it overtook its submit's
   * outcome): its id is not recorded yet, so the engine stores the report to wait for it without
   * looking for the part. The gateway hands the submit's outcomes back only once such reports are
   * stored (or failed), so the engine recording them finds them waiting.
   */
  early?: boolean;
}

/** A mobile-originated message (a reply), already reassembled when it came in parts. */
export interface GatewayInbound {
  /** 66 form. */
  source: string;
  destination: string;
  text: string;
}

/** A submit response that arrived after its part was reported unknown: the part was accepted after all. */
export interface GatewayLateAccept {
  reference: string;
  part: number;
  parts: number;
  gatewayId: string;
}

/**
 * Where a gateway delivers what comes back. Each call resolves once the batch is durable; only then
 * does the gateway acknowledge it (deliver_sm_resp, or the simulator's ack), so a crash before that
 * makes the gateway send it again, and the engine treats the repeat as a no-op.
 */
export interface GatewayListener {
  receipts(batch: GatewayReceipt[]): Promise<void>;
  inbound(batch: GatewayInbound[]): Promise<void>;
  lateAccepts(batch: GatewayLateAccept[]): Promise<void>;
}

/** A connection's binds (bound of configured) and its queue depth: waiting for a window, and in flight. */
export interface GatewayLoad {
  binds: number;
  bound: number;
  queued: number;
  inFlight: number;
}

export interface SmsGateway {
  readonly name: "simulator" | "smpp" | "connections";
  /** One message outside the engine (OTP codes): answers the gateway's id or throws. */
  send(sms: OutgoingSms): Promise<{ messageId: string }>;
  /**
   * Submits a batch (the gateway applies its own rate and window); one outcome per message, in order.
   * Throws only when it accepted none of the batch (the engine then submits it again later); any
   * partial result is reported through the outcomes instead.
   */
  submit(batch: readonly GatewaySubmit[]): Promise<GatewayOutcome[]>;
  /** Starts delivering receipts and replies (worker processes only). One listener per gateway. */
  listen(listener: GatewayListener): void;
  close(): Promise<void>;
  /**
   * Its binds and what waits in it now (issue 26 point 4), for the health staff see; a gateway
   * without binds (the simulator) has none.
   */
  load?(): GatewayLoad;
}
