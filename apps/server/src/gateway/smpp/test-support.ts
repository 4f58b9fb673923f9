/** Helpers of the SMPP tests (client and gateway): waiting, rate peaks, hand-built PDUs. */

/** Resolves once `check` holds; throws after `timeoutMs` (generous: the machines are busy). */
export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Most arrivals within any window of `ms`. */
export function peak(arrivals: number[], ms: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < arrivals.length; end++) {
    while (arrivals[end]! - arrivals[start]! >= ms) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export function cstring(value: string): Buffer {
  return Buffer.concat([Buffer.from(value, "latin1"), Buffer.of(0)]);
}

export function tlv(tag: number, value: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(tag, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value]);
}

/** deliver_sm built by hand, optionally without the sm_length octet the package relies on. */
export function rawDeliverSm(
  sequence: number,
  esmClass: number,
  withSmLength: boolean,
  tlvs: Buffer[],
): Buffer {
  const body = Buffer.concat([
    cstring(""), // service_type
    Buffer.of(1, 1),
    cstring("66812345678"),
    Buffer.of(5, 0),
    cstring("SMSPortal"),
    Buffer.of(esmClass, 0, 0),
    cstring(""), // schedule_delivery_time
    cstring(""), // validity_period
    Buffer.of(0, 0, 0, 0), // registered_delivery, replace_if_present, data_coding, sm_default_msg_id
    withSmLength ? Buffer.of(0) : Buffer.alloc(0),
    ...tlvs,
  ]);
  const head = Buffer.alloc(16);
  head.writeUInt32BE(16 + body.length, 0);
  head.writeUInt32BE(0x00000005, 4);
  head.writeUInt32BE(0, 8);
  head.writeUInt32BE(sequence, 12);
  return Buffer.concat([head, body]);
}

/** A mobile-originated part with an 8-bit concatenation header (GSM text: ASCII letters). */
/** A part of a long UCS-2 reply (Thai): data_coding 8, the text as UTF-16BE after the concatenation header. */
export function moPartUcs2(
  source: string,
  reference: number,
  total: number,
  sequence: number,
  text: string,
): Record<string, unknown> {
  const utf16le = Buffer.from(text, "utf16le");
  const utf16be = Buffer.alloc(utf16le.length);
  for (let i = 0; i + 1 < utf16le.length; i += 2) {
    utf16be[i] = utf16le[i + 1]!;
    utf16be[i + 1] = utf16le[i]!;
  }
  return {
    source_addr: source,
    destination_addr: "4545",
    esm_class: 0x40,
    data_coding: 8,
    short_message: Buffer.concat([Buffer.of(5, 0, 3, reference, total, sequence), utf16be]),
  };
}

export function moPart(
  source: string,
  reference: number,
  total: number,
  sequence: number,
  text: string,
): Record<string, unknown> {
  return {
    source_addr: source,
    destination_addr: "4545",
    esm_class: 0x40,
    data_coding: 0,
    short_message: Buffer.concat([
      Buffer.of(5, 0, 3, reference, total, sequence),
      Buffer.from(text, "latin1"),
    ]),
  };
}
