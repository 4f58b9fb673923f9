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
 *   `inbound` events. Duplicates are passed on: the engine makes them harmless. With `manualAck`
 *   the answer waits for the event's `ack(ok)`, so the SMSC keeps what was not stored yet and
 *   sends it again (ESME_RX_T_APPN, or no answer at all when the connection dropped first).
 * - ESME_RTHROTTLED is a refusal, so the part goes back to the front of the queue. Its bind pauses
 *   for THROTTLE_PAUSE_MS, halves its rate (at most once a second) and then recovers by a tenth of
 *   `tps` each second without throttling.
 * - A dropped bind reconnects and rebinds with exponential backoff and jitter until `close()`.
 *   An unanswered enquire_link counts as a dropped connection.
 */
import { EventEmitter } from "node:events";
import { splitForWire } from "@sms/domain";
import { PDU, type Pdu } from "smpp";
import { type MessageIdFormat, normalizeMessageId } from "./message-id.ts";
import { numberField, shortMessageText, stringField } from "./pdu-fields.ts";
import { parseReceiptText, statFromMessageState } from "./receipt.ts";
import { TokenBucket } from "./token-bucket.ts";
import {
  type AcceptedPart,
  type BindMode,
  type DeliverAck,
  ESME_RTHROTTLED,
  ESME_RX_T_APPN,
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
import {
  CMD,
  type DeliverFields,
  decodeReceipt,
  decodeWithPackage,
  encodeResponse,
  encodeSubmitSm,
  SmppLink,
  setSequence,
  submitRespMessageId,
} from "./wire.ts";

const ESM_CLASS_RECEIPT_MASK = 0x3c;
const ESM_CLASS_SMSC_RECEIPT = 0x04;
const ESM_CLASS_UDHI = 0x40;

/** A delivery receipt: SMSC delivery receipt (0x04) or SME delivery acknowledgement (0x08). */
function isReceipt(esmClass: number): boolean {
  const kind = esmClass & ESM_CLASS_RECEIPT_MASK;
  return kind === ESM_CLASS_SMSC_RECEIPT || kind === 0x08;
}

interface Job {
  tag?: string;
  part: number;
  /** Wire parts of the message. */
  parts: number;
  /** ESME_RTHROTTLED answers so far. */
  throttles: number;
  /** When it was last written (performance.now). */
  sentAt: number;
  /** The encoded submit_sm; its sequence number is set each time it is written. */
  pdu: Buffer;
  settle: (outcome: PartOutcome) => void;
}

interface Pending {
  kind: string;
  job?: Job;
  onResponse: (status: number, frame: Buffer) => void;
}

/**
 * Timeouts of one length, kept in the order they start (so in their deadlines' order): one timer,
 * for the earliest, instead of one per entry (a submit's queue wait, its response, a receipt's ack).
 */
export class Deadlines<K> {
  private readonly entries = new Map<K, { at: number; expire: () => void }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    /** Whether the timer leaves the process free to exit. */
    private readonly unref = false,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** `expire` runs once `ms` have passed, unless the key is deleted first. A key added again starts over. */
  add(key: K, expire: () => void): void {
    this.entries.delete(key);
    this.entries.set(key, { at: performance.now() + this.ms, expire });
    this.arm();
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.timer) return;
    const first = this.entries.values().next();
    if (first.done) return;
    this.timer = setTimeout(() => this.fire(), Math.max(1, first.value.at - performance.now()));
    if (this.unref) this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    const now = performance.now();
    for (const [key, entry] of this.entries) {
      if (entry.at > now) break;
      this.entries.delete(key);
      entry.expire();
    }
    this.arm();
  }
}

type Required2<T> = { [K in keyof T]-?: T[K] };

/** A bind answered ESME_RTHROTTLED sends nothing for this long. */
const THROTTLE_PAUSE_MS = 100;

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
  unboundQueueMs: 2_000,
  submitIdFormat: "text" as MessageIdFormat,
  receiptIdFormat: "text" as MessageIdFormat,
  bindMode: "transceiver" as BindMode,
  manualAck: false,
  ackTimeoutMs: 30_000,
  throttleRetries: 10,
};

export class SmppClient extends EventEmitter<SmppClientEvents> {
  private readonly options: Required2<SmppClientOptions>;
  private readonly binds: Bind[] = [];
  private readonly queue: Job[] = [];
  /** How long each queued job may still wait (queueTimeoutMs). */
  private readonly queueWaits: Deadlines<Job>;
  private reference = Math.floor(Math.random() * 256);
  private closed = false;
  /** Since when no bind is bound after one was lost (null while one is bound, or before the first). */
  private unboundSince: number | null = null;
  private unboundTimer: NodeJS.Timeout | null = null;
  /** The last text submitted and its split. */
  private lastSplit: { text: string; split: ReturnType<typeof splitForWire> } | null = null;

  constructor(options: SmppClientOptions) {
    super();
    this.options = { ...DEFAULTS, ...stripUndefined(options) } as Required2<SmppClientOptions>;
    this.queueWaits = new Deadlines(this.options.queueTimeoutMs);
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
  submit(request: SubmitRequest): Promise<SubmitResult> {
    return new Promise((resolve, reject) =>
      this.submitWith(request, (error, result) => (error ? reject(error) : resolve(result as SubmitResult))),
    );
  }

  /**
   * `submit` without a promise per message (the gateway's batches): `done` is called once, with the
   * result or the error (an SmppSubmitError, or the text's split failing); `onAccepted` with each
   * part's id as soon as the SMSC accepts it, before the message's other parts are answered.
   */
  submitWith(
    request: SubmitRequest,
    done: (error: Error | null, result: SubmitResult | null) => void,
    onAccepted?: (messageId: string) => void,
  ): void {
    // A campaign sends one text to many numbers: its split (GSM-7 or UCS-2, packed, cut into parts)
    // is made once. Nothing writes into it: the PDUs copy its octets.
    let split = this.lastSplit?.text === request.text ? this.lastSplit.split : null;
    if (!split) {
      try {
        split = splitForWire(request.text);
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)), null);
        return;
      }
      this.lastSplit = { text: request.text, split };
    }
    const { dataCoding, encoding, billedParts } = split;
    const reference = this.reference++ & 0xff;
    const wire = wirePdus(split.parts, reference);
    const alphanumeric = /\D/.test(request.source);
    if (wire.length === 0) {
      // An empty text: nothing to send, nothing refused.
      const empty = { messageIds: [], parts: [], encoding, dataCoding, billedParts };
      done(null, request.tag === undefined ? empty : { tag: request.tag, ...empty });
      return;
    }
    const outcomes: (PartOutcome | undefined)[] = new Array(wire.length);
    let left = wire.length;
    const settle = (outcome: PartOutcome) => {
      // Each part settles once (the client's guarantee); a second call would miscount.
      if (outcomes[outcome.part] !== undefined) return;
      outcomes[outcome.part] = outcome;
      if (outcome.state === "accepted") onAccepted?.(outcome.messageId);
      if (--left > 0) return;
      const settled = outcomes as PartOutcome[];
      if (settled.every((o) => o.state === "accepted")) {
        const accepted = settled as AcceptedPart[];
        done(null, {
          ...(request.tag === undefined ? {} : { tag: request.tag }),
          messageIds: accepted.map((p) => p.messageId),
          parts: accepted,
          encoding,
          dataCoding,
          billedParts,
        });
      } else done(submitError(settled, request.tag), null);
    };
    for (let part = 0; part < wire.length; part++) {
      const w = wire[part] as (typeof wire)[number];
      let pdu: Buffer;
      try {
        pdu = encodeSubmitSm({
          sourceTon: alphanumeric ? 5 : 1,
          sourceNpi: alphanumeric ? 0 : 1,
          source: request.source,
          destTon: 1,
          destNpi: 1,
          destination: request.destination,
          esmClass: w.esmClass,
          registeredDelivery: 1,
          dataCoding,
          shortMessage: w.shortMessage,
        });
      } catch {
        settle({ part, state: "not-sent", reason: "encode-failed", retriable: false });
        continue;
      }
      this.enqueue(pdu, part, wire.length, request.tag, settle);
    }
  }

  /** Stops reconnecting, fails queued submits as not sent, lets in-flight ones finish, unbinds. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.unboundTimer) clearTimeout(this.unboundTimer);
    this.unboundTimer = null;
    this.queueWaits.clear();
    for (const job of this.queue.splice(0)) {
      job.settle({ part: job.part, state: "not-sent", reason: "closed", retriable: true });
    }
    await Promise.all(this.binds.map((b) => b.stop()));
  }

  /** Submits waiting for a bound bind with room in its window. */
  get queuedCount(): number {
    return this.queue.length;
  }

  /** Submits written and not yet answered, over every bind. */
  get inFlightCount(): number {
    return this.binds.reduce((sum, b) => sum + b.outstanding, 0);
  }

  /** Bound connections right now. */
  get boundCount(): number {
    return this.binds.filter((b) => b.isBound).length;
  }

  get bindMode(): BindMode {
    return this.options.bindMode;
  }

  /** Each bind's submit rate now: `tps`, or less after throttled answers. */
  get bindRates(): number[] {
    return this.binds.map((b) => b.rate);
  }

  /**
   * Switches every bind to another mode: a bound one stops taking submits, waits for its
   * outstanding responses, unbinds and binds again at once (queued submits wait meanwhile).
   */
  setBindMode(mode: BindMode): void {
    if (this.options.bindMode === mode) return;
    this.options.bindMode = mode;
    for (const bind of this.binds) bind.rebind();
  }

  // --- used by Bind ---

  get isClosed(): boolean {
    return this.closed;
  }

  nextJob(): Job | undefined {
    const job = this.queue.shift();
    if (job) this.queueWaits.delete(job);
    return job;
  }

  /**
   * A bind was bound or lost. When none is left bound, the queue waits `unboundQueueMs` for one to
   * come back, then fails as not sent (the caller may send it elsewhere: nothing was written).
   */
  bindsChanged(): void {
    if (this.boundCount > 0 || this.closed) {
      this.unboundSince = null;
      if (this.unboundTimer) clearTimeout(this.unboundTimer);
      this.unboundTimer = null;
      return;
    }
    if (this.unboundSince !== null) return;
    this.unboundSince = performance.now();
    this.unboundTimer = setTimeout(() => {
      this.unboundTimer = null;
      this.queueWaits.clear();
      for (const job of this.queue.splice(0)) {
        job.settle({ part: job.part, state: "not-sent", reason: "not-bound", retriable: true });
      }
    }, this.options.unboundQueueMs);
  }

  /** Every bind lost for longer than `unboundQueueMs`. */
  private get longUnbound(): boolean {
    return this.unboundSince !== null && performance.now() - this.unboundSince >= this.options.unboundQueueMs;
  }

  hasQueued(): boolean {
    return this.queue.length > 0;
  }

  /** A job that could not be written goes back to the front, ahead of newer ones. */
  requeue(job: Job): void {
    this.queueWaits.add(job, () => this.expire(job));
    this.queue.unshift(job);
    this.pump();
  }

  pump(): void {
    for (const bind of this.binds) bind.drain();
  }

  private enqueue(pdu: Buffer, part: number, parts: number, tag: string | undefined, settle: Job["settle"]) {
    if (this.closed) {
      settle({ part, state: "not-sent", reason: "closed", retriable: true });
      return;
    }
    if (this.longUnbound) {
      settle({ part, state: "not-sent", reason: "not-bound", retriable: true });
      return;
    }
    const job: Job = { part, parts, throttles: 0, sentAt: 0, pdu, settle };
    if (tag !== undefined) job.tag = tag;
    this.queueWaits.add(job, () => this.expire(job));
    this.queue.push(job);
    this.pump();
  }

  /** A job that waited queueTimeoutMs for a bind: not sent. */
  private expire(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i < 0) return;
    this.queue.splice(i, 1);
    job.settle({ part: job.part, state: "not-sent", reason: "queue-timeout", retriable: true });
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
  private session: SmppLink | null = null;
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
  /** Set while switching mode: no new submits; unbind once the outstanding ones are answered. */
  private rebinding = false;
  private boundMode: BindMode | null = null;
  /** Submit rate now, and when it last went down (throttled) or up (recovery). */
  private tps: number;
  private lastBackoffAt = Number.NEGATIVE_INFINITY;
  private lastRecoveryAt = 0;
  private pausedUntil = 0;
  /** Response timeouts of the requests in `pending` (pduTimeoutMs), by sequence number. */
  private readonly responseWaits: Deadlines<number>;
  /** Safety timeouts of deliver_sm awaiting their ack (manualAck). */
  private readonly ackWaits: Deadlines<number>;
  private acks = 0;

  constructor(
    readonly index: number,
    private readonly options: Required2<SmppClientOptions>,
    private readonly client: SmppClient,
  ) {
    this.bucket = new TokenBucket(options.tps);
    this.tps = options.tps;
    this.responseWaits = new Deadlines(options.pduTimeoutMs);
    this.ackWaits = new Deadlines(options.ackTimeoutMs, true);
  }

  get isBound(): boolean {
    return this.bound;
  }

  get outstanding(): number {
    return this.inFlight;
  }

  get rate(): number {
    return this.tps;
  }

  rebind(): void {
    if (!this.bound || this.boundMode === this.options.bindMode) return;
    this.rebinding = true;
    this.finishRebind();
  }

  /** Unbinds once nothing is outstanding; the close handler then binds again in the new mode. */
  private finishRebind(): void {
    const session = this.session;
    if (!this.rebinding || this.inFlight > 0 || !session || !this.bound) return;
    const result = this.request("unbind", {}, () => session.close());
    if (result !== "sent") session.destroy();
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => this.open({ resolve, reject }));
  }

  private open(first?: { resolve: () => void; reject: (e: Error) => void }): void {
    this.reconnectTimer = null;
    const session = new SmppLink({ host: this.options.host, port: this.options.port });
    this.session = session;
    const mode = this.options.bindMode;
    let failure: Error | null = null;
    session.on("connect", () => {
      this.request(
        mode === "transmitter" ? "bind_transmitter" : "bind_transceiver",
        {
          system_id: this.options.systemId,
          password: this.options.password,
          system_type: this.options.systemType,
          interface_version: 0x34,
        },
        (status) => {
          if (status !== 0) {
            failure = new SmppBindError(`bind refused (status 0x${status.toString(16)})`, status);
            session.destroy();
            return;
          }
          this.bound = true;
          this.boundMode = mode;
          this.attempt = 0;
          this.scheduleEnquireLink();
          this.client.bindsChanged();
          this.client.emit("bound", { bind: this.index, mode });
          first?.resolve();
          first = undefined;
          this.drain();
        },
      );
    });
    session.on("frame", (frame: Buffer) => this.onFrame(session, frame));
    // A broken stream (a PDU length out of range, a PDU the package cannot decode) or a socket
    // error: any error ends this session and the reconnect loop takes over.
    session.on("error", (error: Error) => {
      failure ??= error;
      session.destroy();
    });
    session.on("close", () => {
      if (this.session !== session) return;
      const rebinding = this.rebinding;
      this.rebinding = false;
      this.onDrop(rebinding ? "rebinding" : (failure?.message ?? "connection closed"));
      if (rebinding && !first && !this.client.isClosed && !this.stopping) {
        this.open();
        return;
      }
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
    this.boundMode = null;
    this.session = null;
    if (this.enquireTimer) clearTimeout(this.enquireTimer);
    this.enquireTimer = null;
    // Unanswered deliver_sm die with the connection: the SMSC sends them again.
    this.ackWaits.clear();
    this.responseWaits.clear();
    for (const [sequence, p] of this.pending) {
      if (p.kind === "submit" && p.job) {
        this.expired.set(sequence, p.job);
        p.job.settle({ part: p.job.part, state: "unknown", reason: "connection-lost" });
      }
    }
    this.pending.clear();
    this.inFlight = 0;
    // A new connection starts its sequence numbers again: old late responses cannot arrive.
    this.expired.clear();
    if (wasBound) {
      this.client.bindsChanged();
      this.client.emit("unbound", { bind: this.index, reason });
    }
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

  /**
   * Sends a request with our own sequence number and a response timeout: a submit_sm as encoded
   * (`job`), anything else through the package's encoder.
   */
  private request(
    command: string,
    fields: Record<string, unknown>,
    onResponse: (status: number, frame: Buffer) => void,
    job?: Job,
  ): "sent" | "not-connected" | "encode-failed" {
    const session = this.session;
    if (!session) return "not-connected";
    this.sequence = this.sequence >= 0x7fffffff ? 1 : this.sequence + 1;
    const sequence = this.sequence;
    let written: boolean;
    if (job) {
      setSequence(job.pdu, sequence);
      written = session.write(job.pdu);
    } else {
      try {
        written = session.write(new PDU(command, { ...fields, sequence_number: sequence }).toBuffer());
      } catch {
        return "encode-failed";
      }
    }
    if (!written) return "not-connected";
    this.responseWaits.add(sequence, () => this.onTimeout(sequence));
    this.pending.set(sequence, job ? { kind: "submit", onResponse, job } : { kind: command, onResponse });
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
      this.finishRebind();
      this.drain();
      return;
    }
    // An unanswered enquire_link (or bind) means the link is dead even if TCP has not noticed.
    this.client.emit("warning", { bind: this.index, message: `${p.kind} timed out` });
    this.session?.destroy();
  }

  /** Writes queued submits while this bind has window and tokens. */
  drain(): void {
    while (this.bound && !this.rebinding && this.inFlight < this.options.window && this.client.hasQueued()) {
      const paused = this.pausedUntil - performance.now();
      if (paused > 0 || !this.bucket.tryTake()) {
        if (!this.throttleTimer) {
          this.throttleTimer = setTimeout(
            () => {
              this.throttleTimer = null;
              this.drain();
            },
            Math.max(1, paused > 0 ? paused : this.bucket.waitMs()),
          );
        }
        return;
      }
      const job = this.client.nextJob();
      if (!job) return;
      this.inFlight++;
      job.sentAt = performance.now();
      const result = this.request(
        "submit_sm",
        {},
        (status, frame) => this.onSubmitResponse(job, status, frame),
        job,
      );
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

  private onSubmitResponse(job: Job, status: number, frame: Buffer): void {
    this.inFlight--;
    this.finishRebind();
    if (status === ESME_RTHROTTLED) {
      this.backOff(job.sentAt);
      if (job.throttles < this.options.throttleRetries) {
        job.throttles++;
        this.client.requeue(job);
        return;
      }
      job.settle({
        part: job.part,
        state: "not-sent",
        reason: "throttled",
        retriable: true,
        commandStatus: status,
      });
      this.drain();
      return;
    }
    if (status === 0) {
      this.recover();
      const raw = submitRespMessageId(frame);
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
        retriable: isRetriableStatus(status),
        commandStatus: status,
      };
      job.settle(notSent);
    }
    this.drain();
  }

  /**
   * Pauses, and halves the rate at most once a second: answers to submits written before the last
   * halving were sent at the old rate and say nothing new, and an SMSC counting per second needs a
   * second to show the effect.
   */
  private backOff(sentAt: number): void {
    const now = performance.now();
    this.pausedUntil = now + THROTTLE_PAUSE_MS;
    if (sentAt < this.lastBackoffAt || now - this.lastBackoffAt < 1000) return;
    const floor = Math.min(this.options.tps, Math.max(1, this.options.tps / 64));
    this.tps = Math.max(floor, this.tps / 2);
    this.bucket.setRate(this.tps);
    this.bucket.empty();
    this.lastBackoffAt = now;
    this.lastRecoveryAt = now;
    this.client.emit("throttled", { bind: this.index, tps: this.tps });
  }

  /** Additive recovery: a tenth of the configured rate per second without throttling. */
  private recover(): void {
    if (this.tps >= this.options.tps) return;
    const now = performance.now();
    if (now - this.lastRecoveryAt < 1000) return;
    this.tps = Math.min(this.options.tps, this.tps + this.options.tps / 10);
    this.bucket.setRate(this.tps);
    this.lastRecoveryAt = now;
  }

  private onFrame(session: SmppLink, frame: Buffer): void {
    if (session !== this.session) return;
    const commandId = frame.readUInt32BE(4);
    const status = frame.readUInt32BE(8);
    const sequence = frame.readUInt32BE(12);
    if (commandId & 0x80000000) {
      const p = this.pending.get(sequence);
      if (p) {
        this.pending.delete(sequence);
        this.responseWaits.delete(sequence);
        p.onResponse(status, frame);
        return;
      }
      const late = this.expired.get(sequence);
      if (late && commandId === CMD.submitSmResp) {
        this.expired.delete(sequence);
        const messageId = submitRespMessageId(frame);
        this.client.emit("lateResponse", {
          ...(late.tag === undefined ? {} : { tag: late.tag }),
          part: late.part,
          parts: late.parts,
          ...(status === 0 && messageId
            ? { messageId: normalizeMessageId(messageId, this.options.submitIdFormat) }
            : {}),
          commandStatus: status,
        });
      }
      return;
    }
    if (commandId === CMD.enquireLink) {
      this.reply(session, CMD.enquireLinkResp, 0, sequence);
      return;
    }
    if (commandId === CMD.deliverSm) {
      // A plain receipt is read straight from the frame; anything else through the package.
      const fast = decodeReceipt(frame);
      const receipt = fast && isReceipt(fast.esmClass) ? fast : null;
      let pdu: Pdu | null = null;
      if (!receipt) {
        pdu = this.decode(session, frame);
        if (!pdu) return;
      }
      const ack = this.deliverAck(session, sequence);
      try {
        const handled = receipt ? this.onReceipt(receipt, ack) : this.onDeliverSm(pdu as Pdu, ack);
        // Nobody to store it: have the SMSC keep it. Not worth a second try: answer it as taken.
        if (!this.options.manualAck || handled === "ignored") ack(true);
        else if (handled === "no-listener") ack(false);
      } catch (error) {
        this.client.emit("warning", {
          bind: this.index,
          message: `deliver_sm handler failed: ${String(error)}`,
        });
        ack(!this.options.manualAck);
      }
      return;
    }
    const pdu = this.decode(session, frame);
    if (!pdu) return;
    switch (pdu.command) {
      case "unbind":
        this.reply(session, commandId | 0x80000000, 0, sequence);
        session.close();
        return;
      default:
        // generic_nack for unknown commands, an empty response for the rest.
        if (pdu.command === "unknown") this.reply(session, CMD.genericNack, 0x03, sequence);
        else this.reply(session, commandId | 0x80000000, 0x03, sequence);
    }
  }

  /** The package's decoding; a PDU it cannot decode ends the connection (the stream is lost). */
  private decode(session: SmppLink, frame: Buffer): Pdu | null {
    try {
      return decodeWithPackage(frame);
    } catch (error) {
      this.client.emit("warning", { bind: this.index, message: `undecodable PDU: ${String(error)}` });
      session.destroy();
      return null;
    }
  }

  private reply(session: SmppLink, commandId: number, status: number, sequence: number): void {
    session.write(encodeResponse(commandId, status, sequence));
  }

  /** The deliver_sm_resp, sent once: ok, or a temporary error so that the SMSC sends it again. */
  private deliverAck(session: SmppLink, sequence: number): DeliverAck {
    let answered = false;
    const key = this.options.manualAck ? ++this.acks : 0;
    const ack: DeliverAck = (ok) => {
      if (answered) return;
      answered = true;
      if (key) this.ackWaits.delete(key);
      // On a newer connection the sequence number means nothing: the SMSC resends it anyway.
      if (session !== this.session) return;
      this.reply(session, CMD.deliverSmResp, ok ? 0 : ESME_RX_T_APPN, sequence);
    };
    if (key) {
      this.ackWaits.add(key, () => {
        this.client.emit("warning", { bind: this.index, message: "deliver_sm not acknowledged in time" });
        ack(false);
      });
    }
    return ack;
  }

  private onDeliverSm(pdu: Pdu, ack: DeliverAck): "emitted" | "no-listener" | "ignored" {
    const esmClass = numberField(pdu, "esm_class") ?? 0;
    const text = shortMessageText(pdu);
    if (isReceipt(esmClass)) {
      const fields: DeliverFields = {
        esmClass,
        dataCoding: numberField(pdu, "data_coding") ?? 0,
        source: stringField(pdu, "source_addr") ?? "",
        destination: stringField(pdu, "destination_addr") ?? "",
        text,
      };
      const receiptedId = stringField(pdu, "receipted_message_id");
      const state = numberField(pdu, "message_state");
      if (receiptedId !== undefined) fields.receiptedMessageId = receiptedId;
      if (state !== undefined) fields.messageState = state;
      if (Buffer.isBuffer(pdu.network_error_code)) fields.networkErrorCode = pdu.network_error_code;
      return this.onReceipt(fields, ack);
    }
    const udh = concatFromDecoded(pdu.short_message, esmClass);
    const inbound = {
      source: stringField(pdu, "source_addr") ?? "",
      destination: stringField(pdu, "destination_addr") ?? "",
      text,
      dataCoding: numberField(pdu, "data_coding") ?? 0,
      bind: this.index,
      ...(udh ? { udh } : {}),
    };
    return this.client.emit("inbound", inbound, ack) ? "emitted" : "no-listener";
  }

  private onReceipt(d: DeliverFields, ack: DeliverAck): "emitted" | "no-listener" | "ignored" {
    const fields = parseReceiptText(d.text);
    const raw = fields.id ?? d.receiptedMessageId;
    if (!raw) {
      this.client.emit("warning", { bind: this.index, message: "delivery receipt without a message id" });
      return "ignored";
    }
    const state = d.messageState;
    const stat = fields.stat ?? (state === undefined ? undefined : statFromMessageState(state));
    const err = fields.err ?? networkError(d.networkErrorCode);
    const receipt: SmppReceipt = {
      messageId: normalizeMessageId(raw, this.options.receiptIdFormat),
      rawMessageId: raw,
      fields,
      source: d.source,
      destination: d.destination,
      bind: this.index,
      ...(stat ? { stat } : {}),
      ...(err ? { err } : {}),
    };
    return this.client.emit("receipt", receipt, ack) ? "emitted" : "no-listener";
  }

  /** Waits for in-flight submits (up to the PDU timeout), unbinds, closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.throttleTimer) clearTimeout(this.throttleTimer);
    if (this.enquireTimer) clearTimeout(this.enquireTimer);
    this.reconnectTimer = this.throttleTimer = this.enquireTimer = null;
    this.rebinding = false;
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
