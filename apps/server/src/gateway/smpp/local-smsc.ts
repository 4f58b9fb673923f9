/**
 * A local SMSC on the package's server: accepts binds, answers submit_sm with ids, sends one
 * delivery receipt per part, answers enquire_link. `npm run smsc` runs it; the SMPP tests start
 * it in-process and read what it observed (window, rate, every submit).
 */
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { createServer, PDU, type Pdu, type Server, type Session } from "smpp";
import type { MessageIdFormat } from "./message-id.ts";
import { numberField, shortMessageText, stringField } from "./pdu-fields.ts";
import { ESME_RBINDFAIL, ESME_RINVBNDSTS, ESME_RINVPASWD, ESME_RSYSERR, ESME_RTHROTTLED } from "./types.ts";

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
  /** Share of submits refused with ESME_RSYSERR / ESME_RTHROTTLED (0–1). */
  rejectRate?: number;
  throttleRate?: number;
  /** Share of parts receipted UNDELIV with err 001 instead of DELIVRD 000. */
  undeliveredRate?: number;
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
  /** The numeric id, whatever its written form. */
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
}

interface Connection {
  id: number;
  session: Session;
  systemId: string | null;
  outstanding: number;
}

interface PendingReceipt {
  systemId: string;
  fields: Record<string, unknown>;
}

export class LocalSmsc extends EventEmitter {
  private server: Server | null = null;
  private readonly connections = new Set<Connection>();
  private nextConnection = 1;
  private nextId = 0x1a2b;
  private readonly undeliveredReceipts: PendingReceipt[] = [];
  readonly submits: ReceivedSubmit[] = [];
  readonly stats = {
    binds: 0,
    submits: 0,
    receiptsSent: 0,
    enquireLinks: 0,
    deliverResponses: 0,
    /** The most submit_sm one connection had unanswered at once. */
    maxOutstanding: 0,
    /** Submit arrival times (ms, performance.now) when recording. */
    arrivals: [] as number[],
  };

  constructor(private readonly options: LocalSmscOptions = {}) {
    super();
  }

  async start(): Promise<number> {
    const server = createServer((session) => this.accept(session));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.port ?? 2775, this.options.host ?? "127.0.0.1", () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
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

  /** Sends a deliver_sm to a bound connection (mobile-originated messages, odd receipts). */
  deliver(fields: Record<string, unknown>): boolean {
    const target = [...this.connections].find((c) => c.systemId !== null);
    if (!target) return false;
    return target.session.send(new PDU("deliver_sm", fields));
  }

  /** Sends a request to a bound connection and resolves with its response. */
  request(command: string, fields: Record<string, unknown> = {}): Promise<Pdu> {
    const target = [...this.connections].find((c) => c.systemId !== null);
    if (!target) return Promise.reject(new Error("no bound connection"));
    return new Promise((resolve) => target.session.send(new PDU(command, fields), resolve));
  }

  /** Writes raw octets to a bound connection: for PDUs the package would not build. */
  writeRaw(buffer: Buffer): boolean {
    const target = [...this.connections].find((c) => c.systemId !== null);
    if (!target) return false;
    return target.session.socket.write(buffer);
  }

  private accept(session: Session): void {
    const connection: Connection = { id: this.nextConnection++, session, systemId: null, outstanding: 0 };
    this.connections.add(connection);
    session.on("error", () => session.destroy());
    if (this.options.idleTimeoutMs) {
      session.socket.setTimeout(this.options.idleTimeoutMs, () => session.destroy());
    }
    session.socket.on("close", () => this.connections.delete(connection));
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
        this.stats.deliverResponses++;
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
    if (c.systemId === null) {
      c.session.send(pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    this.stats.submits++;
    c.outstanding++;
    this.stats.maxOutstanding = Math.max(this.stats.maxOutstanding, c.outstanding);
    const roll = Math.random();
    const rejectRate = this.options.rejectRate ?? 0;
    const status =
      roll < rejectRate
        ? ESME_RSYSERR
        : roll < rejectRate + (this.options.throttleRate ?? 0)
          ? ESME_RTHROTTLED
          : 0;
    const id = status === 0 ? this.nextId++ : 0;
    const messageId = status === 0 ? formatId(id, this.options.submitIdFormat ?? "text") : "";
    const esmClass = numberField(pdu, "esm_class") ?? 0;
    const source = stringField(pdu, "source_addr") ?? "";
    const destination = stringField(pdu, "destination_addr") ?? "";
    const text = shortMessageText(pdu);
    if (this.options.record) {
      this.stats.arrivals.push(performance.now());
      const record: ReceivedSubmit = {
        messageId,
        id,
        source,
        destination,
        dataCoding: numberField(pdu, "data_coding") ?? 0,
        esmClass,
        registeredDelivery: numberField(pdu, "registered_delivery") ?? 0,
        udh: concatIe(pdu.short_message),
        text,
        receivedAt: Date.now(),
        connection: c.id,
      };
      this.submits.push(record);
      this.emit("submit", record);
    }
    setTimeout(() => {
      c.outstanding--;
      if (!c.session.socket.writable) return;
      c.session.send(pdu.response({ command_status: status, message_id: messageId }));
      if (status !== 0 || ((numberField(pdu, "registered_delivery") ?? 0) & 0x03) === 0) return;
      setTimeout(
        () => this.sendReceipt(c, id, source, destination, text),
        this.options.receiptDelayMs ?? 100,
      );
    }, this.latency());
  }

  private latency(): number {
    const l = this.options.latencyMs ?? 0;
    if (typeof l === "number") return l;
    return l[0] + Math.random() * (l[1] - l[0]);
  }

  private sendReceipt(c: Connection, id: number, source: string, destination: string, text: string): void {
    const delivered = Math.random() >= (this.options.undeliveredRate ?? 0);
    const now = smppDate(new Date());
    const receiptId = formatId(
      id,
      this.options.receiptIdFormat ?? this.options.submitIdFormat ?? "text",
      true,
    );
    const body =
      `id:${receiptId} sub:001 dlvrd:${delivered ? "001" : "000"} submit date:${now} done date:${now} ` +
      `stat:${delivered ? "DELIVRD" : "UNDELIV"} err:${delivered ? "000" : "001"} text:${text.slice(0, 20)}`;
    const fields = {
      source_addr: destination,
      destination_addr: source,
      esm_class: 0x04,
      data_coding: 0,
      // A Buffer: the package's encoder only crashes on other shapes (see pdu-fields.ts).
      short_message: Buffer.from(body, "latin1"),
      receipted_message_id: receiptId,
      message_state: delivered ? 2 : 5,
    };
    this.sendToBound({ systemId: c.systemId ?? "", fields }, c);
  }

  /** To the submitting connection when it is still up, else another bind of the same account, else later. */
  private sendToBound(receipt: PendingReceipt, preferred?: Connection): void {
    const target =
      preferred?.session.socket.writable && preferred.systemId !== null
        ? preferred
        : [...this.connections].find((x) => x.systemId === receipt.systemId && x.session.socket.writable);
    if (!target) {
      this.undeliveredReceipts.push(receipt);
      return;
    }
    target.session.send(new PDU("deliver_sm", receipt.fields));
    this.stats.receiptsSent++;
  }

  private flushReceipts(): void {
    for (const r of this.undeliveredReceipts.splice(0)) this.sendToBound(r);
  }
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
