/**
 * The SMPP hot path on the wire, beside the `smpp` package (ADR 91, issue 26 point 6).
 *
 * The package encodes and decodes each PDU through generic, reflective code and writes each PDU
 * with its own socket write: at thousands of messages a second that was most of the worker's CPU
 * (docs/scale.md). Here:
 * - `encodeSubmitSm` writes a submit_sm into one buffer, byte for byte what the package writes
 *   (wire.test.ts compares them: GSM-7, UCS-2, multipart UDH, TLVs); the sequence number is patched
 *   in when it is written (`setSequence`), so a part is encoded once however often it is queued;
 * - the answers we send (deliver_sm_resp, enquire_link_resp, …) are header-only or one NUL;
 * - `SmppLink` frames the socket's bytes into PDUs itself and coalesces what is written in one
 *   turn of the event loop into one socket write;
 * - `decodeReceipt` reads a delivery receipt's fields straight from the frame when they are plain
 *   (no TLV but the receipt ones, a text whose GSM-7 octets read the same as ASCII); anything else
 *   goes through the package's decoder, as before.
 * The package still encodes and decodes every other PDU (binds, unbind, replies from handsets).
 */
import { EventEmitter } from "node:events";
import { connect as netConnect, type Socket } from "node:net";
import { PDU, type Pdu } from "smpp";

export const CMD = {
  submitSm: 0x00000004,
  submitSmResp: 0x80000004,
  deliverSm: 0x00000005,
  deliverSmResp: 0x80000005,
  enquireLink: 0x00000015,
  enquireLinkResp: 0x80000015,
  genericNack: 0x80000000,
} as const;

/** The package's limit: a longer PDU is a broken stream. */
const MAX_PDU = 16384;
const HEADER = 16;

export interface SubmitSmFields {
  serviceType?: string;
  sourceTon: number;
  sourceNpi: number;
  source: string;
  destTon: number;
  destNpi: number;
  destination: string;
  esmClass: number;
  protocolId?: number;
  priorityFlag?: number;
  registeredDelivery: number;
  replaceIfPresent?: number;
  dataCoding: number;
  smDefaultMsgId?: number;
  /** The octets as they go: UDH (when multipart) then the packed text. At most 255. */
  shortMessage: Uint8Array;
  /** Optional parameters, in this order. */
  tlvs?: readonly { tag: number; value: Uint8Array }[];
}

/**
 * A submit_sm as the package writes it (cstrings as latin1 octets, one octet per character; the
 * schedule and validity empty). Throws a RangeError for a short_message over 255 octets, as the
 * package does. The sequence number is 0 until `setSequence`.
 */
export function encodeSubmitSm(f: SubmitSmFields): Buffer {
  const serviceType = f.serviceType ?? "";
  const sm = f.shortMessage;
  if (sm.length > 255) throw new RangeError(`short_message of ${sm.length} octets (at most 255)`);
  let length =
    HEADER +
    serviceType.length +
    1 +
    2 +
    f.source.length +
    1 +
    2 +
    f.destination.length +
    1 +
    3 + // esm_class, protocol_id, priority_flag
    2 + // empty schedule_delivery_time and validity_period
    4 + // registered_delivery, replace_if_present_flag, data_coding, sm_default_msg_id
    1 +
    sm.length;
  if (f.tlvs) for (const t of f.tlvs) length += 4 + t.value.length;
  const buf = Buffer.allocUnsafe(length);
  buf.writeUInt32BE(length, 0);
  buf.writeUInt32BE(CMD.submitSm, 4);
  buf.writeUInt32BE(0, 8);
  buf.writeUInt32BE(0, 12);
  let o = HEADER;
  o = cstring(buf, o, serviceType);
  buf[o++] = f.sourceTon;
  buf[o++] = f.sourceNpi;
  o = cstring(buf, o, f.source);
  buf[o++] = f.destTon;
  buf[o++] = f.destNpi;
  o = cstring(buf, o, f.destination);
  buf[o++] = f.esmClass;
  buf[o++] = f.protocolId ?? 0;
  buf[o++] = f.priorityFlag ?? 0;
  buf[o++] = 0;
  buf[o++] = 0;
  buf[o++] = f.registeredDelivery;
  buf[o++] = f.replaceIfPresent ?? 0;
  buf[o++] = f.dataCoding;
  buf[o++] = f.smDefaultMsgId ?? 0;
  buf[o++] = sm.length;
  buf.set(sm, o);
  o += sm.length;
  if (f.tlvs) {
    for (const t of f.tlvs) {
      buf.writeUInt16BE(t.tag, o);
      buf.writeUInt16BE(t.value.length, o + 2);
      buf.set(t.value, o + 4);
      o += 4 + t.value.length;
    }
  }
  return buf;
}

function cstring(buf: Buffer, offset: number, value: string): number {
  const n = value.length === 0 ? 0 : buf.write(value, offset, "latin1");
  buf[offset + n] = 0;
  return offset + n + 1;
}

export function setSequence(pdu: Buffer, sequence: number): void {
  pdu.writeUInt32BE(sequence, 12);
}

/**
 * A response we send: header only when refused (as the package writes a response with a status),
 * else the header and the body the package gives it: an empty message_id for deliver_sm_resp.
 */
export function encodeResponse(commandId: number, status: number, sequence: number): Buffer {
  const withId = status === 0 && commandId === CMD.deliverSmResp;
  const buf = Buffer.allocUnsafe(withId ? HEADER + 1 : HEADER);
  buf.writeUInt32BE(buf.length, 0);
  buf.writeUInt32BE(commandId >>> 0, 4);
  buf.writeUInt32BE(status >>> 0, 8);
  buf.writeUInt32BE(sequence >>> 0, 12);
  if (withId) buf[HEADER] = 0;
  return buf;
}

/** The message_id of a submit_sm_resp (up to its NUL), or "" when it has none. */
export function submitRespMessageId(frame: Buffer): string {
  if (frame.length <= HEADER) return "";
  let end = HEADER;
  while (end < frame.length && frame[end] !== 0) end++;
  return frame.toString("ascii", HEADER, end);
}

/** What the client needs of a delivery receipt, read from its frame. */
export interface DeliverFields {
  esmClass: number;
  dataCoding: number;
  source: string;
  destination: string;
  text: string;
  receiptedMessageId?: string;
  messageState?: number;
  networkErrorCode?: Buffer;
}

const TLV_RECEIPTED_MESSAGE_ID = 0x001e;
const TLV_NETWORK_ERROR_CODE = 0x0423;
const TLV_MESSAGE_STATE = 0x0427;

/**
 * Octets whose GSM-7 default-alphabet character is the same as the ASCII one (not ESC): a text made
 * of them decodes to the same string as through the package's GSM decoder, which the test checks
 * against the package's own table.
 */
const PLAIN = (() => {
  const gsm =
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1BÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
  const plain = new Uint8Array(256);
  for (let i = 0; i < gsm.length && i < 128; i++) {
    if (i !== 0x1b && gsm[i] === String.fromCharCode(i)) plain[i] = 1;
  }
  return plain;
})();

/** Exported for the test that checks PLAIN against the package's GSM table. */
export const plainGsmOctets = PLAIN;

/**
 * A deliver_sm's fields for a receipt, or null when the frame is not plain (see the file comment):
 * the caller then decodes it with the package. Only data_coding 0 (the SMSC default, GSM-7).
 */
export function decodeReceipt(frame: Buffer): DeliverFields | null {
  const end = frame.length;
  let o = HEADER;
  const skipCstring = (): number => {
    const start = o;
    while (o < end && frame[o] !== 0) o++;
    if (o >= end) return -1;
    o++;
    return start;
  };
  if (skipCstring() < 0) return null; // service_type
  o += 2;
  const sourceStart = skipCstring();
  if (sourceStart < 0) return null;
  const source = frame.toString("ascii", sourceStart, o - 1);
  o += 2;
  const destinationStart = skipCstring();
  if (destinationStart < 0) return null;
  const destination = frame.toString("ascii", destinationStart, o - 1);
  if (o + 3 > end) return null;
  const esmClass = frame[o]!;
  o += 3;
  if (skipCstring() < 0 || skipCstring() < 0) return null; // schedule, validity
  if (o + 5 > end) return null;
  const dataCoding = frame[o + 2]!;
  if (dataCoding !== 0) return null;
  const smLength = frame[o + 4]!;
  o += 5;
  if (o + smLength > end) return null;
  for (let i = o; i < o + smLength; i++) if (PLAIN[frame[i]!] === 0) return null;
  const text = frame.toString("latin1", o, o + smLength);
  o += smLength;
  const fields: DeliverFields = { esmClass, dataCoding, source, destination, text };
  while (o < end) {
    if (o + 4 > end) return null;
    const tag = frame.readUInt16BE(o);
    const length = frame.readUInt16BE(o + 2);
    o += 4;
    if (o + length > end) return null;
    if (tag === TLV_RECEIPTED_MESSAGE_ID) {
      let stop = o;
      while (stop < o + length && frame[stop] !== 0) stop++;
      // The package reads this cstring up to a NUL, past its length: not plain.
      if (stop === o + length) return null;
      fields.receiptedMessageId = frame.toString("ascii", o, stop);
    } else if (tag === TLV_MESSAGE_STATE) {
      if (length < 1) return null;
      fields.messageState = frame[o]!;
    } else if (tag === TLV_NETWORK_ERROR_CODE) {
      fields.networkErrorCode = frame.subarray(o, o + length);
    } else {
      return null;
    }
    o += length;
  }
  return fields;
}

/** The package's decoding of a frame (everything but the fast paths). */
export function decodeWithPackage(frame: Buffer): Pdu {
  return new PDU(frame);
}

interface LinkEvents {
  connect: [];
  frame: [frame: Buffer];
  error: [error: Error];
  close: [];
}

/**
 * One TCP connection to an SMSC: frames what it reads into PDUs (`frame` events, in order) and
 * writes what is queued in one turn of the event loop as one socket write.
 */
export class SmppLink extends EventEmitter<LinkEvents> {
  readonly socket: Socket;
  private rest: Buffer | null = null;
  private out: Buffer[] = [];
  private outBytes = 0;
  private flushing: NodeJS.Immediate | null = null;
  private failed = false;

  constructor(options: { host: string; port: number }) {
    super();
    this.socket = netConnect({ host: options.host, port: options.port });
    // Small PDUs answered one by one: Nagle's algorithm with delayed ACKs would hold each window
    // for ~40 ms (a quarter of the rate on a fast link).
    this.socket.setNoDelay(true);
    this.socket.on("connect", () => this.emit("connect"));
    this.socket.on("data", (chunk: Buffer) => this.onData(chunk));
    this.socket.on("error", (error) => this.emit("error", error));
    this.socket.on("close", () => {
      if (this.flushing) clearImmediate(this.flushing);
      this.flushing = null;
      this.out = [];
      this.emit("close");
    });
  }

  /** Queues a PDU for this turn's write; false when the socket cannot write (nothing queued). */
  write(pdu: Buffer): boolean {
    if (!this.socket.writable) return false;
    this.out.push(pdu);
    this.outBytes += pdu.length;
    this.flushing ??= setImmediate(() => this.flush());
    return true;
  }

  /** Writes what is queued now (one write; a copy, so queued buffers may be reused at once). */
  flush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
    if (this.out.length === 0) return;
    const data = Buffer.concat(this.out, this.outBytes);
    this.out = [];
    this.outBytes = 0;
    if (this.socket.writable) this.socket.write(data);
  }

  /** Writes what is queued, then ends the connection. */
  close(): void {
    this.flush();
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.failed) return;
    let buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = null;
    let o = 0;
    while (buf.length - o >= 4) {
      const length = buf.readUInt32BE(o);
      if (length > MAX_PDU || length < HEADER) {
        this.failed = true;
        this.emit("error", new Error(`PDU length was out of range (${length}, maximum is ${MAX_PDU})`));
        return;
      }
      if (buf.length - o < length) break;
      const frame = buf.subarray(o, o + length);
      o += length;
      this.emit("frame", frame);
      if (this.failed || this.socket.destroyed) return;
    }
    if (o < buf.length) {
      // Copied, so that a small rest does not keep a large chunk alive.
      buf = buf.subarray(o);
      this.rest = Buffer.from(buf);
    }
  }
}
