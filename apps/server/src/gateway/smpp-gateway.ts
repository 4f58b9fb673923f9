/**
 * The SmsGateway over SMPP 3.4 (SmppClient): what SMS_GATEWAY=smpp runs.
 *
 * - Binds lazily: on the first submit, send or listen, so API processes that never send never bind.
 *   Until `listen` is called the binds are transmitters, which the SMSC sends no deliver_sm (an
 *   API process would have nowhere to store them); `listen` turns them into transceivers.
 * - `submit` hands every message to the client at once; the client queues, windows and throttles
 *   per bind. Outcomes (smpp-status.ts has the status table):
 *   - accepted: every part answered ESME_ROK; the parts' normalised ids, numbered from 1;
 *   - rejected: no part accepted and one refused for good (invalid destination 1/005, sender 1/006 …);
 *   - retry: no part accepted and none refused for good (throttled after the client's own
 *     re-queues, queue full, system error, no bind, queue timeout, closing);
 *   - unknown: a part was written and got no answer (timeout, connection lost), or some parts
 *     were accepted and others refused ("partial": the handset may get the accepted ones, so
 *     neither resending nor "rejected" is right); the accepted parts are listed.
 * - Receipts and replies are batched (`batchSize`, `lingerMs`) to the listener; each deliver_sm is
 *   answered only once the listener's promise for its batch resolved: ESME_ROK, or ESME_RX_T_APPN
 *   when it failed, so the SMSC delivers it again. Non-final receipts (ENROUTE, ACCEPTD) are
 *   answered at once and not passed on.
 * - A receipt that overtakes its submit's outcome (its part accepted by a `submit` call that has not
 *   returned yet) is passed on marked `early`, and that call returns only once such receipts are
 *   stored (or failed): the engine recording the outcomes then finds them waiting (ADR 111).
 * - A long reply comes in parts with a concatenation header: parts are kept by (source,
 *   destination, reference, total), repeats dropped, and the message goes to the listener when the
 *   last part arrives. A part's answer is held meanwhile, for `moHoldMs` at most: after that it is
 *   answered with a temporary error (the SMSC sends it again, which a window-1 SMSC needs to move
 *   on to the next part) while its text is kept. After `moAssemblyTimeoutMs` the parts that did
 *   arrive go to the listener as one message. Parts of a message already stored are answered
 *   ESME_ROK and dropped; a part arriving after its message went without it goes alone.
 * - A submit_sm_resp that comes after its part was reported unknown becomes a late accept.
 */
import { toThai66 } from "@sms/domain";
import { SmppClient } from "./smpp/client.ts";
import {
  type AcceptedPart,
  type DeliverAck,
  type PartOutcome,
  type SmppClientOptions,
  type SmppInbound,
  type SmppLateResponse,
  type SmppReceipt,
  SmppSubmitError,
  type SubmitResult,
} from "./smpp/types.ts";
import { receiptStatus, submitRefusal } from "./smpp-status.ts";
import type {
  GatewayInbound,
  GatewayLateAccept,
  GatewayListener,
  GatewayOutcome,
  GatewayPart,
  GatewayReceipt,
  GatewaySubmit,
  OutgoingSms,
  SmsGateway,
} from "./sms-gateway.ts";

export interface SmppGatewayOptions extends Omit<SmppClientOptions, "manualAck" | "bindMode"> {
  /** Receipts (or replies, late accepts) handed to the listener in one call. Default 500. */
  batchSize?: number;
  /** How long the first of a batch waits for more. Default 20 ms. */
  lingerMs?: number;
  /** Listener calls under way at once, per kind. Default 4. */
  concurrentBatches?: number;
  /** How long a part of a long reply waits, unanswered, for the rest. Default 10 s. */
  moHoldMs?: number;
  /** After this long the parts of a long reply that did arrive go as one message. Default 10 min. */
  moAssemblyTimeoutMs?: number;
  onWarning?: (message: string) => void;
}

export interface SmppGateway extends SmsGateway {
  /** The bound client, once the first submit, send or listen has bound (tests, diagnostics). */
  readonly client: SmppClient | null;
}

/** Late accepts wait for a listener; beyond this many the oldest are dropped. */
const MAX_WAITING_LATE = 10_000;

/** A submit call under way: its parts' receipts that came before it returned, not stored yet. */
interface SubmitCall {
  waiting: number;
  wake: (() => void) | null;
}

/** The longest a submit's outcomes wait for the receipts that overtook them to be stored. */
const EARLY_RECEIPTS_WAIT_MS = 10_000;

export function createSmppGateway(options: SmppGatewayOptions): SmppGateway {
  const {
    batchSize = 500,
    lingerMs = 20,
    concurrentBatches = 4,
    moHoldMs = 10_000,
    moAssemblyTimeoutMs = 600_000,
    onWarning = (message: string) => console.warn(`smpp: ${message}`),
    ...clientOptions
  } = options;
  let listener: GatewayListener | null = null;
  let client: SmppClient | null = null;
  let connecting: Promise<SmppClient> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  const waitingLate: GatewayLateAccept[] = [];

  const current = (): GatewayListener => {
    if (!listener) throw new Error("no listener");
    return listener;
  };
  const batcher = <T>(kind: string, deliver: (items: T[]) => Promise<void>) =>
    new AckBatcher<T>(deliver, {
      size: batchSize,
      lingerMs,
      concurrency: concurrentBatches,
      onError: (error, count) => onWarning(`storing ${count} ${kind} failed: ${String(error)}`),
    });
  const receipts = batcher<GatewayReceipt>("receipts", (items) => current().receipts(items));
  const inbound = batcher<GatewayInbound>("replies", (items) => current().inbound(items));
  const lateAccepts = batcher<GatewayLateAccept>("late accepts", (items) => current().lateAccepts(items));
  /**
   * The ids of parts accepted by a submit call that has not returned yet, and that call: a receipt
   * for one of them overtook its outcome (GatewayReceipt.early).
   */
  const running = new Map<string, SubmitCall>();
  const assembler = new MoAssembler((message, ack) => inbound.push(message, ack), {
    holdMs: moHoldMs,
    timeoutMs: moAssemblyTimeoutMs,
  });

  function onReceipt(receipt: SmppReceipt, ack: DeliverAck): void {
    const pair = receiptStatus(receipt.stat, receipt.err);
    if (!receipt.stat) onWarning(`receipt for ${receipt.rawMessageId} without a state: dropped`);
    // No listener (closing): the SMSC keeps it. Not final: nothing to store.
    if (closed || !listener) ack(false);
    else if (!pair) ack(true);
    else {
      const msisdn = receipt.source ? toThai66(receipt.source) : "";
      const item: GatewayReceipt = { gatewayId: receipt.messageId, ...pair, ...(msisdn ? { msisdn } : {}) };
      const call = running.get(receipt.messageId);
      if (!call) {
        receipts.push(item, ack);
        return;
      }
      // Its submit's outcomes go back only once this is stored (or failed): see submit().
      item.early = true;
      call.waiting++;
      receipts.push(item, (ok) => {
        ack(ok);
        if (--call.waiting === 0) call.wake?.();
      });
    }
  }

  function onInbound(message: SmppInbound, ack: DeliverAck): void {
    if (closed || !listener) {
      ack(false);
      return;
    }
    const source = toThai66(message.source);
    const udh = message.udh;
    if (udh && udh.total > 1 && udh.sequence >= 1 && udh.sequence <= udh.total) {
      assembler.add({ source, destination: message.destination, text: message.text, udh }, ack);
      return;
    }
    inbound.push({ source, destination: message.destination, text: message.text }, ack);
  }

  function onLateResponse(late: SmppLateResponse): void {
    // OTP sends carry no tag: nothing in the engine to settle.
    if (late.tag === undefined) return;
    if (late.commandStatus !== 0 || !late.messageId) {
      onWarning(
        `late refusal 0x${late.commandStatus.toString(16)} for ${late.tag} part ${late.part + 1}: it stays unknown`,
      );
      return;
    }
    pushLate({ reference: late.tag, part: late.part + 1, parts: late.parts, gatewayId: late.messageId });
  }

  /** Nothing sends a late accept again, so one the listener failed to store is retried here. */
  function pushLate(item: GatewayLateAccept): void {
    if (closed) return;
    if (!listener) {
      if (waitingLate.push(item) > MAX_WAITING_LATE) waitingLate.shift();
      return;
    }
    lateAccepts.push(item, (ok) => {
      if (!ok) setTimeout(() => pushLate(item), 1000).unref();
    });
  }

  function createClient(): SmppClient {
    const c = new SmppClient({
      ...clientOptions,
      manualAck: true,
      bindMode: listener ? "transceiver" : "transmitter",
    });
    c.on("receipt", onReceipt);
    c.on("inbound", onInbound);
    c.on("lateResponse", onLateResponse);
    c.on("warning", (w) => onWarning(`bind ${w.bind}: ${w.message}`));
    c.on("unbound", (u) => {
      if (!closed && u.reason !== "rebinding") onWarning(`bind ${u.bind} lost: ${u.reason}`);
    });
    c.on("throttled", (t) => onWarning(`bind ${t.bind} throttled by the SMSC: now ${t.tps} submits/s`));
    return c;
  }

  function connected(): Promise<SmppClient> {
    if (closed) return Promise.reject(new Error("the SMPP gateway is closed"));
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = createClient();
      try {
        await c.connect();
      } finally {
        connecting = null;
      }
      if (closed) {
        await c.close();
        throw new Error("the SMPP gateway is closed");
      }
      client = c;
      // listen() may have come while it was binding as a transmitter.
      if (listener) c.setBindMode("transceiver");
      return c;
    })();
    return connecting;
  }

  /** For listen(): nothing else would bind again after a failed first attempt. */
  function keepConnected(attempt: number): void {
    retryTimer = null;
    connected().catch((error: unknown) => {
      if (closed) return;
      onWarning(`cannot bind: ${String(error)}`);
      const min = clientOptions.reconnectMinMs ?? 250;
      const max = clientOptions.reconnectMaxMs ?? 30_000;
      const delay = Math.min(max, min * 2 ** attempt);
      retryTimer = setTimeout(() => keepConnected(attempt + 1), delay / 2 + (Math.random() * delay) / 2);
    });
  }

  async function submit(batch: readonly GatewaySubmit[]): Promise<GatewayOutcome[]> {
    if (batch.length === 0) return [];
    let c: SmppClient;
    try {
      c = await connected();
    } catch (error) {
      const reason = `not bound: ${error instanceof Error ? error.message : String(error)}`;
      return batch.map((m) => ({ reference: m.reference, status: "retry", reason }));
    }
    // One promise for the batch, not one per message and part: the client calls back.
    const call: SubmitCall = { waiting: 0, wake: null };
    const accepted: string[] = [];
    const onAccepted = (messageId: string) => {
      running.set(messageId, call);
      accepted.push(messageId);
    };
    const outcomes = await new Promise<GatewayOutcome[]>((resolve) => {
      const answers: GatewayOutcome[] = new Array(batch.length);
      let left = batch.length;
      batch.forEach((m, i) => {
        const done = (error: Error | null, result: SubmitResult | null) => {
          answers[i] =
            error || !result
              ? failedOutcome(m.reference, error)
              : {
                  reference: m.reference,
                  status: "accepted",
                  parts: result.parts.map(gatewayPart),
                  wireParts: result.parts.length,
                };
          if (--left === 0) resolve(answers);
        };
        try {
          c.submitWith(
            { source: m.sender, destination: m.to, text: m.text, tag: m.reference },
            done,
            onAccepted,
          );
        } catch (error) {
          done(error instanceof Error ? error : new Error(String(error)), null);
        }
      });
    });
    for (const id of accepted) if (running.get(id) === call) running.delete(id);
    // Receipts that overtook these outcomes are stored first, so that the engine recording the
    // outcomes finds them waiting (and stores each message once, with its report): handed to the
    // listener now rather than after their linger. Bounded, should storing hang.
    if (call.waiting > 0) {
      receipts.flush();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, EARLY_RECEIPTS_WAIT_MS);
        call.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return outcomes;
  }

  return {
    name: "smpp",
    get client() {
      return client;
    },
    async send(sms: OutgoingSms) {
      const c = await connected();
      const result = await c.submit({ source: sms.sender, destination: sms.to, text: sms.text });
      const first = result.messageIds[0];
      if (first === undefined) throw new Error("the SMSC accepted no part");
      return { messageId: first };
    },
    submit,
    load: () => ({
      binds: clientOptions.binds ?? 1,
      bound: client?.boundCount ?? 0,
      queued: client?.queuedCount ?? 0,
      inFlight: client?.inFlightCount ?? 0,
    }),
    listen(next: GatewayListener) {
      if (listener) throw new Error("the SMPP gateway already has a listener");
      if (closed) throw new Error("the SMPP gateway is closed");
      listener = next;
      for (const item of waitingLate.splice(0)) pushLate(item);
      client?.setBindMode("transceiver");
      keepConnected(0);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting?.catch(() => undefined);
      // What arrived is stored and acknowledged before the binds go; later arrivals are refused.
      await Promise.all([receipts.drain(), inbound.drain(), lateAccepts.drain()]);
      assembler.close();
      await client?.close();
    },
  };
}

function gatewayPart(part: AcceptedPart): GatewayPart {
  return { part: part.part + 1, gatewayId: part.messageId };
}

/** The outcome of a submit that was not wholly accepted (see the file comment and smpp-status.ts). */
export function failedOutcome(reference: string, error: unknown): GatewayOutcome {
  // Anything else is thrown before a part is queued (a text that cannot be split): permanent.
  if (!(error instanceof SmppSubmitError)) return { reference, status: "rejected", state: 1, code: "002" };
  if (error.outcome !== "not-sent") {
    return {
      reference,
      status: "unknown",
      parts: error.parts.filter((p): p is AcceptedPart => p.state === "accepted").map(gatewayPart),
      wireParts: error.parts.length,
    };
  }
  let retryReason: string | null = null;
  for (const part of error.parts) {
    const verdict = partVerdict(part);
    if (verdict === null) continue;
    if (verdict.status === "rejected") return { reference, ...verdict };
    retryReason ??= verdict.reason;
  }
  return { reference, status: "retry", reason: retryReason ?? "not sent" };
}

function partVerdict(part: PartOutcome) {
  if (part.state !== "not-sent") return null;
  if (part.reason === "encode-failed") return { status: "rejected", state: 1, code: "002" } as const;
  if (part.commandStatus !== undefined) return submitRefusal(part.commandStatus);
  return { status: "retry", reason: part.reason } as const;
}

interface BatcherOptions {
  size: number;
  lingerMs: number;
  concurrency: number;
  onError: (error: unknown, count: number) => void;
}

/**
 * Collects items for up to `lingerMs` or `size` items, hands them to `deliver`, then answers each
 * item's ack with whether `deliver` resolved. At most `concurrency` deliveries run at once; items
 * arriving meanwhile wait for a free slot.
 */
export class AckBatcher<T> {
  private buffer: { item: T; ack: DeliverAck }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private active = 0;
  private idle: (() => void)[] = [];

  constructor(
    private readonly deliver: (items: T[]) => Promise<void>,
    private readonly options: BatcherOptions,
  ) {}

  push(item: T, ack: DeliverAck): void {
    this.buffer.push({ item, ack });
    if (this.buffer.length >= this.options.size) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush();
      }, this.options.lingerMs);
    }
  }

  /** Hands over everything buffered and resolves once every delivery has returned. */
  async drain(): Promise<void> {
    this.flush();
    while (this.active > 0 || this.buffer.length > 0) {
      await new Promise<void>((resolve) => this.idle.push(resolve));
      this.flush();
    }
  }

  /** Hands over what is buffered now (as many batches as the concurrency allows), without its linger. */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.buffer.length > 0 && this.active < this.options.concurrency) {
      const batch = this.buffer.splice(0, this.options.size);
      this.active++;
      void this.run(batch);
    }
  }

  private async run(batch: { item: T; ack: DeliverAck }[]): Promise<void> {
    let ok = true;
    try {
      await this.deliver(batch.map((b) => b.item));
    } catch (error) {
      ok = false;
      this.options.onError(error, batch.length);
    }
    for (const b of batch) b.ack(ok);
    this.active--;
    // Items held back by the concurrency limit go now, unless their linger timer still runs.
    if (this.buffer.length > 0 && !this.timer) this.flush();
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

interface MoPart {
  source: string;
  destination: string;
  text: string;
  udh: { reference: number; total: number; sequence: number };
}

interface Assembly {
  source: string;
  destination: string;
  texts: Map<number, string>;
  held: DeliverAck[];
  timer: NodeJS.Timeout;
}

interface Delivered {
  sequences: Set<number>;
  at: number;
  /** Acks of repeats that came while the message was being stored; null once stored. */
  waiting: DeliverAck[] | null;
}

/** Reassembles long replies; see the file comment for when parts are answered. */
export class MoAssembler {
  private readonly open = new Map<string, Assembly>();
  /** Messages handed over, by key, in the order they were: repeats of their parts are dropped. */
  private readonly delivered = new Map<string, Delivered>();
  private readonly keepDeliveredMs: number;

  constructor(
    private readonly deliver: (message: GatewayInbound, ack: DeliverAck) => void,
    private readonly options: { holdMs: number; timeoutMs: number; now?: () => number },
  ) {
    this.keepDeliveredMs = Math.max(options.timeoutMs, 600_000);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  add(part: MoPart, ack: DeliverAck): void {
    const { reference, total, sequence } = part.udh;
    const key = `${part.source}|${part.destination}|${reference}|${total}`;
    this.forgetOld();
    const done = this.delivered.get(key);
    if (done) {
      if (done.sequences.has(sequence)) {
        if (done.waiting) done.waiting.push(ack);
        else ack(true);
        return;
      }
      // Came after its message went without it: it goes alone.
      this.deliver({ source: part.source, destination: part.destination, text: part.text }, (ok) => {
        if (ok) done.sequences.add(sequence);
        ack(ok);
      });
      return;
    }
    let assembly = this.open.get(key);
    if (!assembly) {
      const timer = setTimeout(() => this.complete(key), this.options.timeoutMs);
      timer.unref();
      assembly = { source: part.source, destination: part.destination, texts: new Map(), held: [], timer };
      this.open.set(key, assembly);
    }
    assembly.texts.set(sequence, part.text);
    assembly.held.push(this.hold(ack));
    if (assembly.texts.size >= total) this.complete(key);
  }

  /** Answers every held part as not stored (the connection is going: the SMSC keeps them). */
  close(): void {
    for (const assembly of this.open.values()) {
      clearTimeout(assembly.timer);
      for (const ack of assembly.held) ack(false);
    }
    this.open.clear();
  }

  /** Holds a part's answer for holdMs at most, then answers it as not stored. */
  private hold(ack: DeliverAck): DeliverAck {
    let answered = false;
    const timer = setTimeout(() => {
      answered = true;
      ack(false);
    }, this.options.holdMs);
    timer.unref();
    return (ok) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      ack(ok);
    };
  }

  private complete(key: string): void {
    const assembly = this.open.get(key);
    if (!assembly) return;
    this.open.delete(key);
    clearTimeout(assembly.timer);
    const sequences = [...assembly.texts.keys()].sort((a, b) => a - b);
    const done: Delivered = { sequences: new Set(sequences), at: this.now(), waiting: [] };
    this.delivered.set(key, done);
    const text = sequences.map((s) => assembly.texts.get(s) ?? "").join("");
    this.deliver({ source: assembly.source, destination: assembly.destination, text }, (ok) => {
      const waiting = done.waiting ?? [];
      done.waiting = null;
      // Not stored: forget it, so that the parts the SMSC sends again are assembled again.
      if (!ok) this.delivered.delete(key);
      for (const held of [...assembly.held, ...waiting]) held(ok);
    });
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [key, done] of this.delivered) {
      if (now - done.at < this.keepDeliveredMs) break;
      if (done.waiting) continue;
      this.delivered.delete(key);
    }
  }
}
