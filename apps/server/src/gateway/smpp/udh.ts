/** esm_class bit: the short_message starts with a user data header. */
export const ESM_CLASS_UDHI = 0x40;

/**
 * The 6-octet concatenation header (3GPP TS 23.040 §9.2.3.24.1): length 5, IEI 0x00 (8-bit
 * reference), IE length 3, reference, total parts, this part's sequence from 1.
 */
export function concatUdh(reference: number, total: number, sequence: number): Uint8Array {
  if (total < 2 || total > 255 || sequence < 1 || sequence > total) {
    throw new RangeError(`invalid concatenation part ${sequence}/${total}`);
  }
  return Uint8Array.of(0x05, 0x00, 0x03, reference & 0xff, total, sequence);
}

export interface WirePdu {
  /** The short_message octets: UDH (when multipart) then the payload. */
  shortMessage: Buffer;
  esmClass: number;
}

/** One short_message per part; a single part goes without a header. */
export function wirePdus(parts: readonly Uint8Array[], reference: number): WirePdu[] {
  if (parts.length === 1) return [{ shortMessage: Buffer.from(parts[0]!), esmClass: 0 }];
  return parts.map((payload, i) => ({
    shortMessage: Buffer.concat([concatUdh(reference, parts.length, i + 1), payload]),
    esmClass: ESM_CLASS_UDHI,
  }));
}

export interface ParsedUdh {
  reference: number;
  total: number;
  sequence: number;
}

/** Reads an 8-bit or 16-bit concatenation IE from a short_message that starts with a UDH. */
export function parseConcatUdh(shortMessage: Uint8Array): { udh: ParsedUdh | null; payload: Uint8Array } {
  const udhLength = shortMessage[0];
  if (udhLength === undefined || udhLength + 1 > shortMessage.length) {
    return { udh: null, payload: shortMessage };
  }
  const payload = shortMessage.subarray(udhLength + 1);
  let offset = 1;
  while (offset + 1 < udhLength + 1) {
    const iei = shortMessage[offset]!;
    const length = shortMessage[offset + 1]!;
    const ie = shortMessage.subarray(offset + 2, offset + 2 + length);
    if (iei === 0x00 && length === 3) {
      return { udh: { reference: ie[0]!, total: ie[1]!, sequence: ie[2]! }, payload };
    }
    if (iei === 0x08 && length === 4) {
      return { udh: { reference: (ie[0]! << 8) | ie[1]!, total: ie[2]!, sequence: ie[3]! }, payload };
    }
    offset += 2 + length;
  }
  return { udh: null, payload };
}
