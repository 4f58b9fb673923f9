/**
 * SMPP 3.4 client over the `smpp` package (0.5.1), with a promise API.
 *
 * Guarantees, which the exactly-once design builds on:
 * - The client never resends a submit_sm by itself. Each wire part is written at most once.
 * - Submits wait in one queue shared by every bind until a bind is up, has room in its window
 *   (`window` outstanding submit_sm) and a token from its bucket (`tps` per bind). A submit still
 *   in the queue when a connection drops is not lost: it goes out after the rebind.
 * - Each part ends in exactly one outcome (types.ts):
 *   - accepted: the SMSC answered with status 0 and a message id;
 *   - not sent: never written to a bound socket, or refused by the SMSC with an error status. It
 *     cannot reach the handset, so sending it again is safe (`retriable` tells whether it is useful);
 *   - unknown: written, but no answer within `pduTimeoutMs`, or the connection dropped first.
 *     The SMSC may have accepted it. Resending risks a duplicate, so the caller must settle it
 *     another way: a late submit_sm_resp (the `lateResponse` event), a delivery receipt, or a
 *     decision recorded by the engine.
 * - Every deliver_sm gets a deliver_sm_resp, even when a listener throws. Receipts (esm_class
 *   receipt bit) become `receipt` events with ids normalised like submit ids; other deliver_sm are
 *   `inbound` events. Duplicates are passed on: the engine makes them harmless.
 * - A dropped bind reconnects and rebinds with exponential backoff and jitter until `close()`.
 *   An unanswered enquire_link counts as a dropped connection.
 */
import { EventEmitter } from "node:events";
import { splitForWire } from "@sms/domain";
import { PDU, type Pdu, type Session, connect as smppConnect } from "smpp";
import { type MessageIdFormat, normalizeMessageId } from "./message-id.ts";
import { numberField, shortMessageText, stringField, wireShortMessage } from "./pdu-fields.ts";
import { parseReceiptText, statFromMessageState } from "./receipt.ts";
import { TokenBucket } from "./token-bucket.ts";
import {
  type AcceptedPart,
  isRetriableStatus,
  type NotSentPart,
  type PartOutcome,
  SmppBindError,
  type SmppClientEvents,
  type SmppClientOptions,
  SmppNotSentError,
  SmppPartialSubmitError,
  type SmppReceipt,
  type SmppSubmitError,
  SmppUnknownOutcomeError,
  type SubmitRequest,
  type SubmitResult,
} from "./types.ts";
import { type ParsedUdh, wirePdus } from "./udh.ts";

const ESM_CLASS_RECEIPT_MASK = 0x3c;
const ESM_CLASS_SMSC_RECEIPT = 0x04;
const ESM_CLASS_UDHI = 0x40;

interface Job {
  tag?: string;
  part: number;
  fields: Record<string, unknown>;
  settle: (outcome: PartOutcome) => void;
  queueTimer: NodeJS.Timeout;
}

interface Pending {
  kind: string;
  job?: Job;
  timer: NodeJS.Timeout;
  onResponse: (pdu: Pdu) => void;
}

type Required2<T> = { [K in keyof T]-?: T[K] };

const DEFAULTS = {
  systemType: "",
  binds: 1,
  tps: 50,
  window: 10,
  pduTimeoutMs: 10_000,
  enquireLinkMs: 30_000,
  reconnectMinMs: 250,
  reconnectMaxMs: 30_000,
  queueTimeoutMs: 60_000,
  submitIdFormat: "text" as MessageIdFormat,
  receiptIdFormat: "text" as MessageIdFormat,
};

export class SmppClient extends EventEmitter<SmppClientEvents> {
  private readonly options: Required2<SmppClientOptions>;
  private readonly binds: Bind[] = [];
  private readonly queue: Job[] = [];
  private reference = Math.floor(Math.random() * 256);
  private closed = false;

  constructor(options: SmppClientOptions) {
    super();
    this.options = { ...DEFAULTS, ...stripUndefined(options) } as Required2<SmppClientOptions>;
  }

  /** Binds every connection; rejects with SmppBindError when any first attempt fails. */
  async connect(): Promise<void> {
    for (let i = this.binds.length; i < this.options.binds; i++) {
      this.binds.push(new Bind(i, this.options, this));
    }
    try {
      await Promise.all(this.binds.map((b) => b.start()));
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  /** Submits every wire part; resolves with their ids, or rejects with an SmppSubmitError. */
  async submit(request: SubmitRequest): Promise<SubmitResult> {
    const split = splitForWire(request.text);
    const reference = this.reference++ & 0xff;
    const wire = wirePdus(split.parts, reference);
    const alphanumeric = /\D/.test(request.source);
    const outcomes = await Promise.all(
      wire.map(
        (w, part) =>
          new Promise<PartOutcome>((settle) => {
            this.enqueue(
              {
                source_addr_ton: alphanumeric ? 5 : 1,
                source_addr_npi: alphanumeric ? 0 : 1,
                source_addr: request.source,
                dest_addr_ton: 1,
                dest_addr_npi: 1,
                destination_addr: request.destination,
                esm_class: w.esmClass,
                registered_delivery: 1,
                data_coding: split.dataCoding,
                short_message: wireShortMessage(w.shortMessage),
              },
              part,
              request.tag,
              settle,
            );
          }),
      ),
    );
    const accepted = outcomes.filter((o): o is AcceptedPart => o.state === "accepted");
    if (accepted.length === outcomes.length) {
      return {
        ...(request.tag === undefined ? {} : { tag: request.tag }),
        messageIds: accepted.map((p) => p.messageId),
        parts: accepted,
        encoding: split.encoding,
        dataCoding: split.dataCoding,
        billedParts: split.billedParts,
      };
    }
    throw submitError(outcomes, request.tag);
  }

  /** Stops reconnecting, fails queued submits as not sent, lets in-flight ones finish, unbinds. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.queueTimer);
      job.settle({ part: job.part, state: "not-sent", reason: "closed", retriable: true });
    }
    await Promise.all(this.binds.map((b) => b.stop()));
  }

  /** Bound connections right now. */
  get boundCount(): number {
    return this.binds.filter((b) => b.isBound).length;
  }

  // --- used by Bind ---

  get isClosed(): boolean {
    return this.closed;
  }

  nextJob(): Job | undefined {
    const job = this.queue.shift();
    if (job) clearTimeout(job.queueTimer);
    return job;
  }

  hasQueued(): boolean {
    return this.queue.length > 0;
  }

  /** A job that could not be written goes back to the front, ahead of newer ones. */
  requeue(job: Job): void {
    job.queueTimer = this.queueTimer(job);
    this.queue.unshift(job);
    this.pump();
  }

  pump(): void {
    for (const bind of this.binds) bind.drain();
  }

  private enqueue(
    fields: Record<string, unknown>,
    part: number,
    tag: string | undefined,
    settle: Job["settle"],
  ) {
    if (this.closed) {
      settle({ part, state: "not-sent", reason: "closed", retriable: true });
      return;
    }
    const job: Job = { part, fields, settle, queueTimer: undefined as unknown as NodeJS.Timeout };
    if (tag !== undefined) job.tag = tag;
    job.queueTimer = this.queueTimer(job);
    this.queue.push(job);
    this.pump();
  }

  private queueTimer(job: Job): NodeJS.Timeout {
    return setTimeout(() => {
      const i = this.queue.indexOf(job);
      if (i < 0) return;
      this.queue.splice(i, 1);
      job.settle({ part: job.part, state: "not-sent", reason: "queue-timeout", retriable: true });
    }, this.options.queueTimeoutMs);
  }
}

function submitError(parts: PartOutcome[], tag: string | undefined): SmppSubmitError {
  const summary = parts
    .map((p) => `${p.part + 1}:${p.state}${"reason" in p ? `(${p.reason})` : ""}`)
    .join(" ");
  if (parts.some((p) => p.state === "unknown")) {
    return new SmppUnknownOutcomeError(`submit outcome unknown: ${summary}`, parts, tag);
  }
  if (parts.some((p) => p.state === "accepted")) {
    return new SmppPartialSubmitError(`submit partly accepted: ${summary}`, parts, tag);
  }
  return new SmppNotSentError(`submit not sent: ${summary}`, parts, tag);
}

/** One transceiver bind: its socket, window, bucket, keep-alive and reconnect loop. */
class Bind {
  private session: Session | null = null;
  private bound = false;
  private readonly pending = new Map<number, Pending>();
  /** Submits that timed out, kept to report a late response: sequence → job. */
  private readonly expired = new Map<number, Job>();
  private inFlight = 0;
  private sequence = 0;
  private readonly bucket: TokenBucket;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private enquireTimer: NodeJS.Timeout | null = null;
  private throttleTimer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    readonly index: number,
    private readonly options: Required2<SmppClientOptions>,
    private readonly client: SmppClient,
  ) {
    this.bucket = new TokenBucket(options.tps);
  }

  get isBound(): boolean {
    return this.bound;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => this.open({ resolve, reject }));
  }

  private open(first?: { resolve: () => void; reject: (e: Error) => void }): void {
    this.reconnectTimer = null;
    const session = smppConnect({ host: this.options.host, port: this.options.port });
    this.session = session;
    let failure: Error | null = null;
    session.on("connect", () => {
      this.request(
        "bind_transceiver",
        {
          system_id: this.options.systemId,
          password: this.options.password,
          system_type: this.options.systemType,
          interface_version: 0x34,
        },
        (pdu) => {
          if (pdu.command_status !== 0) {
            failure = new SmppBindError(
              `bind refused (status 0x${pdu.command_status.toString(16)})`,
              pdu.command_status,
            );
            session.destroy();
            return;
          }
          this.bound = true;
          this.attempt = 0;
          this.scheduleEnquireLink();
          this.client.emit("bound", { bind: this.index });
          first?.resolve();
          first = undefined;
          this.drain();
        },
      );
    });
    session.on("pdu", (pdu: Pdu) => this.onPdu(session, pdu));
    // The package also emits "error" for an undecodable PDU and then stops reading the socket
    // for good: any error ends this session and the reconnect loop takes over.
    session.on("error", (error: Error) => {
      failure ??= error;
      session.destroy();
    });
    session.on("close", () => {
      if (this.session !== session) return;
      this.onDrop(failure?.message ?? "connection closed");
      if (first) {
        first.reject(
          failure instanceof SmppBindError
            ? failure
            : new SmppBindError(`cannot bind: ${failure?.message ?? "connection closed"}`),
        );
        first = undefined;
        return;
      }
      this.scheduleReconnect();
    });
  }

  private onDrop(reason: string): void {
    const wasBound = this.bound;
    this.bound = false;
    this.session = null;
    if (this.enquireTimer) clearTimeout(this.enquireTimer);
    this.enquireTimer = null;
    for (const [sequence, p] of this.pending) {
      clearTimeout(p.timer);
      if (p.kind === "submit" && p.job) {
        this.expired.set(sequence, p.job);
        p.job.settle({ part: p.job.part, state: "unknown", reason: "connection-lost" });
      }
    }
    this.pending.clear();
    this.inFlight = 0;
    // A new connection starts its sequence numbers again: old late responses cannot arrive.
    this.expired.clear();
    if (wasBound) this.client.emit("unbound", { bind: this.index, reason });
  }

  private scheduleReconnect(): void {
    if (this.client.isClosed || this.stopping || this.reconnectTimer) return;
    const base = Math.min(this.options.reconnectMaxMs, this.options.reconnectMinMs * 2 ** this.attempt);
    this.attempt++;
    const delay = base / 2 + Math.random() * (base / 2);
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  private scheduleEnquireLink(): void {
    if (this.enquireTimer) clearTimeout(this.enquireTimer);
    this.enquireTimer = setTimeout(() => {
      this.enquireTimer = null;
      if (!this.bound) return;
      this.request("enquire_link", {}, () => this.scheduleEnquireLink());
    }, this.options.enquireLinkMs);
  }

  /** Sends a request with our own sequence number and a response timeout. */
  private request(
    command: string,
    fields: Record<string, unknown>,
    onResponse: (pdu: Pdu) => void,
    job?: Job,
  ): "sent" | "not-connected" | "encode-failed" {
    const session = this.session;
    if (!session) return "not-connected";
    this.sequence = this.sequence >= 0x7fffffff ? 1 : this.sequence + 1;
    const sequence = this.sequence;
    let pdu: Pdu;
    let written: boolean;
    try {
      pdu = new PDU(command, { ...fields, sequence_number: sequence });
      written = session.send(pdu);
    } catch {
      return "encode-failed";
    }
    if (!written) return "not-connected";
    const timer = setTimeout(() => this.onTimeout(sequence), this.options.pduTimeoutMs);
    const kind = command === "submit_sm" ? "submit" : command;
    this.pending.set(sequence, { kind, timer, onResponse, ...(job ? { job } : {}) });
    return "sent";
  }

  private onTimeout(sequence: number): void {
    const p = this.pending.get(sequence);
    if (!p) return;
    this.pending.delete(sequence);
    if (p.kind === "submit" && p.job) {
      this.inFlight--;
      this.expired.set(sequence, p.job);
      p.job.settle({ part: p.job.part, state: "unknown", reason: "timeout" });
      this.drain();
      return;
    }
    // An unanswered enquire_link (or bind) means the link is dead even if TCP has not noticed.
    this.client.emit("warning", { bind: this.index, message: `${p.kind} timed out` });
    this.session?.destroy();
  }

  /** Writes queued submits while this bind has window and tokens. */
  drain(): void {
    while (this.bound && this.inFlight < this.options.window && this.client.hasQueued()) {
      if (!this.bucket.tryTake()) {
        if (!this.throttleTimer) {
          this.throttleTimer = setTimeout(
            () => {
              this.throttleTimer = null;
              this.drain();
            },
            Math.max(1, this.bucket.waitMs()),
          );
        }
        return;
      }
      const job = this.client.nextJob();
      if (!job) return;
      this.inFlight++;
      const result = this.request("submit_sm", job.fields, (pdu) => this.onSubmitResponse(job, pdu), job);
      if (result !== "sent") {
        this.inFlight--;
        if (result === "encode-failed") {
          job.settle({ part: job.part, state: "not-sent", reason: "encode-failed", retriable: false });
          continue;
        }
        this.client.requeue(job);
        return;
      }
    }
  }

  private onSubmitResponse(job: Job, pdu: Pdu): void {
    this.inFlight--;
    if (pdu.command_status === 0) {
      const raw = stringField(pdu, "message_id") ?? "";
      job.settle({
        part: job.part,
        state: "accepted",
        messageId: normalizeMessageId(raw, this.options.submitIdFormat),
        rawMessageId: raw,
      });
    } else {
      const notSent: NotSentPart = {
        part: job.part,
        state: "not-sent",
        reason: "rejected",
        retriable: isRetriableStatus(pdu.command_status),
        commandStatus: pdu.command_status,
      };
      job.settle(notSent);
    }
    this.drain();
  }

  private onPdu(session: Session, pdu: Pdu): void {
    if (session !== this.session) return;
    if (pdu.isResponse()) {
      const p = this.pending.get(pdu.sequence_number);
      if (p) {
        this.pending.delete(pdu.sequence_number);
        clearTimeout(p.timer);
        p.onResponse(pdu);
        return;
      }
      const late = this.expired.get(pdu.sequence_number);
      if (late) {
        this.expired.delete(pdu.sequence_number);
        const messageId = stringField(pdu, "message_id");
        this.client.emit("lateResponse", {
          ...(late.tag === undefined ? {} : { tag: late.tag }),
          part: late.part,
          ...(pdu.command_status === 0 && messageId
            ? { messageId: normalizeMessageId(messageId, this.options.submitIdFormat) }
            : {}),
          commandStatus: pdu.command_status,
        });
      }
      return;
    }
    switch (pdu.command) {
      case "enquire_link":
        this.reply(session, pdu);
        return;
      case "deliver_sm":
        try {
          this.onDeliverSm(pdu);
        } catch (error) {
          this.client.emit("warning", {
            bind: this.index,
            message: `deliver_sm handler failed: ${String(error)}`,
          });
        } finally {
          this.reply(session, pdu);
        }
        return;
      case "unbind":
        this.reply(session, pdu);
        session.close();
        return;
      default:
        // generic_nack for unknown commands, an empty response for the rest.
        this.reply(session, pdu, pdu.command === "unknown" ? {} : { command_status: 0x03 });
    }
  }

  private reply(session: Session, pdu: Pdu, options: Record<string, unknown> = {}): void {
    try {
      session.send(pdu.response(options));
    } catch (error) {
      this.client.emit("warning", {
        bind: this.index,
        message: `cannot answer ${pdu.command}: ${String(error)}`,
      });
    }
  }

  private onDeliverSm(pdu: Pdu): void {
    const esmClass = numberField(pdu, "esm_class") ?? 0;
    const text = shortMessageText(pdu);
    const receiptedId = stringField(pdu, "receipted_message_id");
    if (
      (esmClass & ESM_CLASS_RECEIPT_MASK) === ESM_CLASS_SMSC_RECEIPT ||
      (esmClass & ESM_CLASS_RECEIPT_MASK) === 0x08
    ) {
      const fields = parseReceiptText(text);
      const raw = fields.id ?? receiptedId;
      if (!raw) {
        this.client.emit("warning", { bind: this.index, message: "delivery receipt without a message id" });
        return;
      }
      const state = numberField(pdu, "message_state");
      const stat = fields.stat ?? (state === undefined ? undefined : statFromMessageState(state));
      const err = fields.err ?? networkError(pdu.network_error_code);
      const receipt: SmppReceipt = {
        messageId: normalizeMessageId(raw, this.options.receiptIdFormat),
        rawMessageId: raw,
        fields,
        source: stringField(pdu, "source_addr") ?? "",
        destination: stringField(pdu, "destination_addr") ?? "",
        bind: this.index,
        ...(stat ? { stat } : {}),
        ...(err ? { err } : {}),
      };
      this.client.emit("receipt", receipt);
      return;
    }
    const udh = concatFromDecoded(pdu.short_message, esmClass);
    this.client.emit("inbound", {
      source: stringField(pdu, "source_addr") ?? "",
      destination: stringField(pdu, "destination_addr") ?? "",
      text,
      dataCoding: numberField(pdu, "data_coding") ?? 0,
      bind: this.index,
      ...(udh ? { udh } : {}),
    });
  }

  /** Waits for in-flight submits (up to the PDU timeout), unbinds, closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.throttleTimer) clearTimeout(this.throttleTimer);
    if (this.enquireTimer) clearTimeout(this.enquireTimer);
    this.reconnectTimer = this.throttleTimer = this.enquireTimer = null;
    const session = this.session;
    if (!session) return;
    const deadline = Date.now() + this.options.pduTimeoutMs;
    while (this.inFlight > 0 && this.session === session && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    if (this.session === session && this.bound) {
      await new Promise<void>((resolve) => {
        const result = this.request("unbind", {}, () => resolve());
        if (result !== "sent") resolve();
        session.once("close", () => resolve());
      });
    }
    await new Promise<void>((resolve) => {
      if (session.socket.destroyed) return resolve();
      session.socket.once("close", () => resolve());
      session.destroy();
    });
  }
}

/** network_error_code TLV: network type, then a 2-octet error code. */
function networkError(value: unknown): string | undefined {
  if (!Buffer.isBuffer(value) || value.length < 3) return undefined;
  return String(value.readUInt16BE(1)).padStart(3, "0");
}

/** The package decodes the UDH of a mobile-originated part into a list of IEs. */
function concatFromDecoded(value: unknown, esmClass: number): ParsedUdh | undefined {
  if (!(esmClass & ESM_CLASS_UDHI) || !value || typeof value !== "object" || !("udh" in value))
    return undefined;
  const list = (value as { udh: unknown }).udh;
  if (!Array.isArray(list)) return undefined;
  for (const ie of list) {
    if (!Buffer.isBuffer(ie)) continue;
    if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5)
      return { reference: ie[2]!, total: ie[3]!, sequence: ie[4]! };
    if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6) {
      return { reference: ie.readUInt16BE(2), total: ie[4]!, sequence: ie[5]! };
    }
  }
  return undefined;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
