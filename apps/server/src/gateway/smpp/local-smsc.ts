/**
 * A local SMSC on the package's server: accepts binds, answers submit_sm with ids, sends one
 * delivery receipt per part (`id:… stat:… err:…`), answers enquire_link. `npm run smsc` runs it;
 * the SMPP tests start it in-process and read what it observed (window, rate, every part).
 *
 * Like a real SMSC it keeps a receipt until it is answered ESME_ROK: a deliver_sm answered with an
 * error is sent again after `redeliveryDelayMs`, and one unanswered when its connection drops goes
 * to the next receiver bind of the account. Transmitter binds get no deliver_sm.
 */
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { createServer, PDU, type Pdu, type Server, type Session } from "smpp";
import type { MessageIdFormat } from "./message-id.ts";
import { numberField, shortMessageText, stringField } from "./pdu-fields.ts";
import { ESME_RBINDFAIL, ESME_RINVBNDSTS, ESME_RINVPASWD, ESME_RSYSERR, ESME_RTHROTTLED } from "./types.ts";

/**
 * What to do with one submit: answer this command_status (after the usual latency, or after
 * `delayMs`), cut the connection, or never answer.
 */
export type SubmitAction = number | { status: number; delayMs: number } | "drop" | "ignore";

export interface ReceiptChoice {
  stat: string;
  err: string;
}

export interface LocalSmscOptions {
  /** 0 picks a free port. Default 2775. */
  port?: number;
  host?: string;
  /** When set, binds must match; otherwise any credentials bind. */
  systemId?: string;
  password?: string;
  /** Delay before each submit_sm_resp, in ms: a number or a [min, max] range. */
  latencyMs?: number | readonly [number, number];
  /** Delay between the submit_sm_resp and the receipt. Default 100 ms. */
  receiptDelayMs?: number;
  /** Share of submits refused with `rejectStatus` (0–1). */
  rejectRate?: number;
  /** The status of those refusals. Default ESME_RSYSERR (0x08, temporary). */
  rejectStatus?: number;
  /** Share of submits answered ESME_RTHROTTLED (0–1), on top of `maxTps`. */
  throttleRate?: number;
  /** Submits per second one connection may send (any one-second window); the rest are throttled. */
  maxTps?: number;
  /** Share of submits after which the SMSC cuts the connection without answering (0–1). */
  dropRate?: number;
  /** Share of parts receipted UNDELIV with err 001 instead of DELIVRD 000. */
  undeliveredRate?: number;
  /** A deliver_sm answered with an error status is sent again after this long. Default 1 s. */
  redeliveryDelayMs?: number;
  /** Tests: decides a submit's fate (undefined falls back to the rates above). */
  respond?: (submit: ReceivedSubmit, index: number) => SubmitAction | undefined;
  /** Tests: the receipt of an accepted part (null sends none; undefined falls back to the rates). */
  receiptFor?: (submit: ReceivedSubmit) => ReceiptChoice | null | undefined;
  /** The id form in submit_sm_resp and in receipts, to reproduce SMSCs that differ. */
  submitIdFormat?: MessageIdFormat;
  receiptIdFormat?: MessageIdFormat;
  /** Keep every submit in `submits` (tests); counters are always kept. */
  record?: boolean;
  /** Cut a connection that sent nothing for this long, as SMSCs do with dead binds. */
  idleTimeoutMs?: number;
}

export interface ReceivedSubmit {
  messageId: string;
  /** The numeric id, whatever its written form (0 until accepted). */
  id: number;
  source: string;
  destination: string;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** The concatenation IE when the part has a UDH. */
  udh: { reference: number; total: number; sequence: number } | null;
  text: string;
  receivedAt: number;
  connection: number;
  /** The command_status answered; null while unanswered or when never answered (drop, ignore). */
  status: number | null;
}

/** What the SMSC did with one wire part, keyed by partKey(destination, sequence). */
export interface PartCounts {
  received: number;
  /** Answered ESME_ROK with an id: the SMSC will deliver it. */
  accepted: number;
  throttled: number;
  rejected: number;
  /** Received, then the connection was cut before an answer. */
  dropped: number;
}

type BindKind = "transceiver" | "transmitter" | "receiver";

interface Connection {
  id: number;
  session: Session;
  systemId: string | null;
  kind: BindKind | null;
  outstanding: number;
  /** Arrival times of the last second's submits (maxTps). */
  recent: number[];
  /** deliver_sm sent and not answered yet, by sequence number. */
  deliveries: Map<number, PendingReceipt>;
}

interface PendingReceipt {
  systemId: string;
  fields: Record<string, unknown>;
}

/** The key of `parts`: a single-part message has sequence 1. */
export function partKey(destination: string, sequence = 1): string {
  return `${destination}#${sequence}`;
}

export class LocalSmsc extends EventEmitter {
  private server: Server | null = null;
  /** The port it listens on once started (kept for a restart after `crash()`). */
  private listenPort: number | null = null;
  private readonly connections = new Set<Connection>();
  private nextConnection = 1;
  private nextId = 0x1a2b;
  private readonly undeliveredReceipts: PendingReceipt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private redeliveriesDue = 0;
  readonly submits: ReceivedSubmit[] = [];
  /** Per wire part (partKey): what was received and answered. */
  readonly parts = new Map<string, PartCounts>();
  readonly stats = {
    binds: 0,
    submits: 0,
    accepted: 0,
    rejected: 0,
    throttled: 0,
    /** Connections cut by dropRate or a "drop" action. */
    drops: 0,
    receiptsSent: 0,
    /** Receipts sent again after an error answer or a dropped connection. */
    redeliveries: 0,
    enquireLinks: 0,
    deliverResponses: 0,
    /** deliver_sm_resp with a non-zero status. */
    deliverErrors: 0,
    /** The most submit_sm one connection had unanswered at once. */
    maxOutstanding: 0,
    /** Submit arrival times (ms, performance.now) when recording. */
    arrivals: [] as number[],
  };

  constructor(private readonly options: LocalSmscOptions = {}) {
    super();
  }

  /** Listens; after `crash()`, again on the port it had (its store kept). */
  async start(): Promise<number> {
    const server = createServer((session) => this.accept(session));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.listenPort ?? this.options.port ?? 2775, this.options.host ?? "127.0.0.1", () =>
        resolve(),
      );
    });
    this.listenPort = (server.address() as AddressInfo).port;
    return this.listenPort;
  }

  /**
   * Goes down as a crashing SMSC does: stops listening and cuts every connection, and what was
   * received but not yet answered is never answered. What it had accepted stays in its store: those
   * receipts go out to the first receiving bind after `start()` brings it back (issue 26 point 5).
   */
  async crash(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const c of this.connections) c.session.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const c of this.connections) c.session.destroy();
    this.connections.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Cuts every connection without an unbind, as a crashing or restarting SMSC would. */
  dropConnections(): void {
    for (const c of this.connections) c.session.destroy();
  }

  get boundConnections(): number {
    return [...this.connections].filter((c) => c.systemId !== null).length;
  }

  /** Bound connections by kind, e.g. to see that a process binds as a transmitter. */
  bindKinds(): BindKind[] {
    return [...this.connections].flatMap((c) => (c.kind ? [c.kind] : []));
  }

  /** Receipts waiting for a receiver bind or for their redelivery. */
  get heldReceipts(): number {
    let waiting = this.undeliveredReceipts.length;
    for (const c of this.connections) waiting += c.deliveries.size;
    return waiting + this.redeliveriesDue;
  }

  /** Counts of one wire part (zeros when it never arrived). */
  part(destination: string, sequence = 1): PartCounts {
    return this.parts.get(partKey(destination, sequence)) ?? emptyCounts();
  }

  /** Sends a deliver_sm to a receiving bind (mobile-originated messages, odd receipts). */
  deliver(fields: Record<string, unknown>): boolean {
    const target = this.receiving();
    if (!target) return false;
    return target.session.send(new PDU("deliver_sm", fields));
  }

  /**
   * A handset's reply, as an operator hands it over: one deliver_sm, or a long one in parts with a
   * concatenation header (GSM-7 text 153 characters a part, anything else UCS-2 67 a part, so Thai
   * replies come as UTF-16BE). `order: "reverse"` sends the last part first and `repeat` sends the
   * first part again at the end, as SMSCs do; the parts' answers are awaited. Answers the number of
   * parts, or 0 when no receiver is bound.
   */
  async reply(
    source: string,
    destination: string,
    text: string,
    options: { order?: "forward" | "reverse"; repeat?: boolean } = {},
  ): Promise<number> {
    if (!this.receiving()) return 0;
    const gsm = /^[\x20-\x7e\r\n]*$/.test(text);
    const chars = [...text];
    const single = gsm ? 160 : 70;
    const per = gsm ? 153 : 67;
    const encode = (chunk: string) => (gsm ? Buffer.from(chunk, "latin1") : utf16be(chunk));
    if (chars.length <= single) {
      await this.request("deliver_sm", {
        source_addr: source,
        destination_addr: destination,
        data_coding: gsm ? 0 : 8,
        short_message: encode(text),
      });
      return 1;
    }
    const chunks: string[] = [];
    for (let i = 0; i < chars.length; i += per) chunks.push(chars.slice(i, i + per).join(""));
    const reference = Math.floor(Math.random() * 256);
    const pdus = chunks.map((chunk, i) => ({
      source_addr: source,
      destination_addr: destination,
      esm_class: 0x40,
      data_coding: gsm ? 0 : 8,
      short_message: Buffer.concat([Buffer.of(5, 0, 3, reference, chunks.length, i + 1), encode(chunk)]),
    }));
    const sent = options.order === "reverse" ? [...pdus].reverse() : pdus;
    if (options.repeat && pdus[0]) sent.push(pdus[0]);
    await Promise.all(sent.map((fields) => this.request("deliver_sm", fields)));
    return chunks.length;
  }

  /** Sends a request to a receiving bind and resolves with its response. */
  request(command: string, fields: Record<string, unknown> = {}): Promise<Pdu> {
    const target = this.receiving();
    if (!target) return Promise.reject(new Error("no bound connection"));
    return new Promise((resolve) => target.session.send(new PDU(command, fields), resolve));
  }

  /** Writes raw octets to a receiving bind: for PDUs the package would not build. */
  writeRaw(buffer: Buffer): boolean {
    const target = this.receiving();
    if (!target) return false;
    return target.session.socket.write(buffer);
  }

  private receiving(systemId?: string): Connection | undefined {
    return [...this.connections].find(
      (c) =>
        c.systemId !== null &&
        c.kind !== "transmitter" &&
        c.session.socket.writable &&
        (systemId === undefined || c.systemId === systemId),
    );
  }

  private accept(session: Session): void {
    const connection: Connection = {
      id: this.nextConnection++,
      session,
      systemId: null,
      kind: null,
      outstanding: 0,
      recent: [],
      deliveries: new Map(),
    };
    this.connections.add(connection);
    session.socket.setNoDelay(true);
    session.on("error", () => session.destroy());
    if (this.options.idleTimeoutMs) {
      session.socket.setTimeout(this.options.idleTimeoutMs, () => session.destroy());
    }
    session.socket.on("close", () => {
      this.connections.delete(connection);
      // Receipts it never answered go to the next receiving bind.
      const unanswered = [...connection.deliveries.values()];
      connection.deliveries.clear();
      if (unanswered.length === 0) return;
      this.stats.redeliveries += unanswered.length;
      for (const r of unanswered) this.sendToBound(r);
    });
    session.on("pdu", (pdu: Pdu) => {
      try {
        this.onPdu(connection, pdu);
      } catch (error) {
        this.emit("warning", `cannot handle ${pdu.command}: ${String(error)}`);
      }
    });
  }

  private onPdu(c: Connection, pdu: Pdu): void {
    const { session } = c;
    switch (pdu.command) {
      case "bind_transceiver":
      case "bind_transmitter":
      case "bind_receiver": {
        const systemId = stringField(pdu, "system_id") ?? "";
        const status = this.checkCredentials(systemId, stringField(pdu, "password") ?? "");
        session.send(pdu.response({ command_status: status, system_id: "LOCALSMSC" }));
        if (status !== 0) return;
        c.systemId = systemId;
        c.kind = pdu.command.slice("bind_".length) as BindKind;
        this.stats.binds++;
        this.flushReceipts();
        return;
      }
      case "enquire_link":
        this.stats.enquireLinks++;
        session.send(pdu.response());
        return;
      case "unbind":
        session.send(pdu.response());
        session.close();
        return;
      case "submit_sm":
        this.onSubmit(c, pdu);
        return;
      case "deliver_sm_resp":
        this.onDeliverResponse(c, pdu);
        return;
      default:
        if (!pdu.isResponse()) session.send(pdu.response({ command_status: 0x03 }));
    }
  }

  private checkCredentials(systemId: string, password: string): number {
    if (this.options.systemId !== undefined && systemId !== this.options.systemId) return ESME_RBINDFAIL;
    if (this.options.password !== undefined && password !== this.options.password) return ESME_RINVPASWD;
    return 0;
  }

  private onSubmit(c: Connection, pdu: Pdu): void {
    if (c.systemId === null || c.kind === "receiver") {
      c.session.send(pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    const index = this.stats.submits++;
    c.outstanding++;
    this.stats.maxOutstanding = Math.max(this.stats.maxOutstanding, c.outstanding);
    const received: ReceivedSubmit = {
      messageId: "",
      id: 0,
      source: stringField(pdu, "source_addr") ?? "",
      destination: stringField(pdu, "destination_addr") ?? "",
      dataCoding: numberField(pdu, "data_coding") ?? 0,
      esmClass: numberField(pdu, "esm_class") ?? 0,
      registeredDelivery: numberField(pdu, "registered_delivery") ?? 0,
      udh: concatIe(pdu.short_message),
      text: shortMessageText(pdu),
      receivedAt: Date.now(),
      connection: c.id,
      status: null,
    };
    const key = partKey(received.destination, received.udh?.sequence ?? 1);
    const counts = this.parts.get(key) ?? emptyCounts();
    this.parts.set(key, counts);
    counts.received++;
    if (this.options.record) {
      this.stats.arrivals.push(performance.now());
      this.submits.push(received);
      this.emit("submit", received);
    }
    const action = this.decide(c, received, index);
    if (action === "drop") {
      counts.dropped++;
      this.stats.drops++;
      c.session.destroy();
      return;
    }
    if (action === "ignore") return;
    const status = typeof action === "number" ? action : action.status;
    const delay = typeof action === "number" ? this.latency() : action.delayMs;
    this.later(() => {
      c.outstanding--;
      if (!c.session.socket.writable) {
        counts.dropped++;
        return;
      }
      if (status === 0) {
        received.id = this.nextId++;
        received.messageId = formatId(received.id, this.options.submitIdFormat ?? "text");
      }
      received.status = status;
      c.session.send(pdu.response({ command_status: status, message_id: received.messageId }));
      if (status === ESME_RTHROTTLED) {
        counts.throttled++;
        this.stats.throttled++;
        return;
      }
      if (status !== 0) {
        counts.rejected++;
        this.stats.rejected++;
        return;
      }
      counts.accepted++;
      this.stats.accepted++;
      if ((received.registeredDelivery & 0x03) === 0) return;
      const choice = this.options.receiptFor?.(received);
      if (choice === null) return;
      this.later(
        () => this.sendReceipt(c, received, choice ?? this.defaultReceipt()),
        this.options.receiptDelayMs ?? 100,
      );
    }, delay);
  }

  private decide(c: Connection, received: ReceivedSubmit, index: number): SubmitAction {
    const chosen = this.options.respond?.(received, index);
    if (chosen !== undefined) return chosen;
    const now = performance.now();
    if (this.options.maxTps !== undefined) {
      while (c.recent.length > 0 && now - c.recent[0]! >= 1000) c.recent.shift();
      if (c.recent.length >= this.options.maxTps) return ESME_RTHROTTLED;
      c.recent.push(now);
    }
    const roll = Math.random();
    let edge = this.options.dropRate ?? 0;
    if (roll < edge) return "drop";
    edge += this.options.rejectRate ?? 0;
    if (roll < edge) return this.options.rejectStatus ?? ESME_RSYSERR;
    edge += this.options.throttleRate ?? 0;
    if (roll < edge) return ESME_RTHROTTLED;
    return 0;
  }

  private defaultReceipt(): ReceiptChoice {
    return Math.random() < (this.options.undeliveredRate ?? 0)
      ? { stat: "UNDELIV", err: "001" }
      : { stat: "DELIVRD", err: "000" };
  }

  private later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private latency(): number {
    const l = this.options.latencyMs ?? 0;
    if (typeof l === "number") return l;
    return l[0] + Math.random() * (l[1] - l[0]);
  }

  private sendReceipt(c: Connection, submit: ReceivedSubmit, choice: ReceiptChoice): void {
    const now = smppDate(new Date());
    const delivered = choice.stat === "DELIVRD";
    const receiptId = formatId(
      submit.id,
      this.options.receiptIdFormat ?? this.options.submitIdFormat ?? "text",
      true,
    );
    const body =
      `id:${receiptId} sub:001 dlvrd:${delivered ? "001" : "000"} submit date:${now} done date:${now} ` +
      `stat:${choice.stat} err:${choice.err} text:${submit.text.slice(0, 20)}`;
    const fields = {
      source_addr: submit.destination,
      destination_addr: submit.source,
      esm_class: 0x04,
      data_coding: 0,
      // A Buffer: the package's encoder only crashes on other shapes (see pdu-fields.ts).
      short_message: Buffer.from(body, "latin1"),
      receipted_message_id: receiptId,
      message_state: MESSAGE_STATES[choice.stat] ?? 7,
    };
    this.sendToBound({ systemId: c.systemId ?? "", fields }, c);
  }

  /** To the submitting connection when it still receives, else another receiving bind of the account, else later. */
  private sendToBound(receipt: PendingReceipt, preferred?: Connection): void {
    const target =
      preferred?.session.socket.writable && preferred.systemId !== null && preferred.kind !== "transmitter"
        ? preferred
        : this.receiving(receipt.systemId);
    if (!target) {
      this.undeliveredReceipts.push(receipt);
      return;
    }
    const pdu = new PDU("deliver_sm", receipt.fields);
    if (!target.session.send(pdu)) {
      this.undeliveredReceipts.push(receipt);
      return;
    }
    target.deliveries.set(pdu.sequence_number, receipt);
    this.stats.receiptsSent++;
  }

  private onDeliverResponse(c: Connection, pdu: Pdu): void {
    this.stats.deliverResponses++;
    const receipt = c.deliveries.get(pdu.sequence_number);
    if (!receipt) return;
    c.deliveries.delete(pdu.sequence_number);
    if (pdu.command_status === 0) return;
    this.stats.deliverErrors++;
    this.redeliveriesDue++;
    this.later(() => {
      this.redeliveriesDue--;
      this.stats.redeliveries++;
      this.sendToBound(receipt);
    }, this.options.redeliveryDelayMs ?? 1000);
  }

  private flushReceipts(): void {
    for (const r of this.undeliveredReceipts.splice(0)) this.sendToBound(r);
  }
}

const MESSAGE_STATES: Record<string, number> = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

function emptyCounts(): PartCounts {
  return { received: 0, accepted: 0, throttled: 0, rejected: 0, dropped: 0 };
}

/** The text form differs between answer and receipt in case and leading zeros, as some SMSCs do. */
function formatId(id: number, format: MessageIdFormat, receipt = false): string {
  if (format === "hex") return id.toString(16).toUpperCase();
  if (format === "decimal") return id.toString(10);
  return receipt ? id.toString(16) : id.toString(16).toUpperCase().padStart(10, "0");
}

/** YYMMDDhhmm, the receipt's date form. */
function smppDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

function concatIe(value: unknown): ReceivedSubmit["udh"] {
  if (!value || typeof value !== "object" || !("udh" in value)) return null;
  const list = (value as { udh: unknown }).udh;
  if (!Array.isArray(list)) return null;
  for (const ie of list) {
    if (Buffer.isBuffer(ie) && ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5) {
      return { reference: ie[2]!, total: ie[3]!, sequence: ie[4]! };
    }
  }
  return null;
}

/** UCS-2 on the wire is big-endian; Node's "utf16le" is not. */
function utf16be(text: string): Buffer {
  const le = Buffer.from(text, "utf16le");
  const be = Buffer.alloc(le.length);
  for (let i = 0; i + 1 < le.length; i += 2) {
    be[i] = le[i + 1] ?? 0;
    be[i + 1] = le[i] ?? 0;
  }
  return be;
}
