import { countSms } from "./sms.ts";

export type WireEncoding = "gsm7" | "ucs2";

export interface WireSplit {
  encoding: WireEncoding;
  /** SMPP data_coding: 0 (SMSC default alphabet, GSM 03.38) or 8 (UCS-2). */
  dataCoding: 0 | 8;
  /** Each part's payload without UDH: GSM 03.38 septets one per octet (unpacked, as SMPP short_message carries them, escape 0x1B included), or UTF-16BE for UCS-2. */
  parts: Uint8Array[];
  /** Billing parts from countSms (what the customer pays), for recording beside parts.length. */
  billedParts: number;
}

/** Wire limits (3GPP TS 23.040): a 6-octet concatenation UDH leaves 153 septets or 67 UCS-2 units. */
export const WIRE_PART_LIMITS = {
  gsm7: { single: 160, multipart: 153 },
  ucs2: { single: 70, multipart: 67 },
} as const;

const ESCAPE = 0x1b;

/** GSM 03.38 default alphabet, indexed by septet; 0x1B is the escape to the extension table. */
const BASIC_TABLE =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";

/** GSM 03.38 extension table: each character goes on the wire as 0x1B followed by its code. */
const EXTENSION_TABLE: ReadonlyArray<readonly [char: string, code: number]> = [
  ["\f", 0x0a],
  ["^", 0x14],
  ["{", 0x28],
  ["}", 0x29],
  ["\\", 0x2f],
  ["[", 0x3c],
  ["~", 0x3d],
  ["]", 0x3e],
  ["|", 0x40],
  ["€", 0x65],
];

const BASIC_CODES = new Map<string, number>();
for (const [code, char] of Array.from(BASIC_TABLE).entries()) {
  // The escape slot is not a character a text can carry.
  if (code !== ESCAPE) BASIC_CODES.set(char, code);
}
const EXTENSION_CODES = new Map(EXTENSION_TABLE);
const EXTENSION_CHARS = new Map(EXTENSION_TABLE.map(([char, code]) => [code, char]));

/** Every character is in the GSM 03.38 basic set or extension table. */
export function isGsm7(text: string): boolean {
  for (const char of text) {
    if (!BASIC_CODES.has(char) && !EXTENSION_CODES.has(char)) return false;
  }
  return true;
}

/** Septets the text takes in GSM 03.38: extension characters count 2 (escape + code). */
export function gsm7Length(text: string): number {
  let septets = 0;
  for (const char of text) septets += EXTENSION_CODES.has(char) ? 2 : 1;
  return septets;
}

/**
 * ASCII characters outside GSM 03.38 (ADR 0015): the backtick becomes an apostrophe and every
 * control character GSM lacks (tab, NUL, DEL, …) a space, one for one, so a text billed at the
 * 160 rate still goes as GSM 7-bit with as many characters as were billed.
 */
export function transliterateAsciiToGsm7(text: string): string {
  let out = "";
  for (const char of text) {
    if (BASIC_CODES.has(char) || EXTENSION_CODES.has(char)) out += char;
    else if (char === "`") out += "'";
    else if ((char.codePointAt(0) ?? 0) <= 0x7f) out += " ";
    else out += char;
  }
  return out;
}

/**
 * How a text goes on the wire, independent of billing (DESIGN §6 bills 160/154 and 70/67 by ASCII
 * versus the rest; this splits by what the SMSC carries). GSM 7-bit when every character is in
 * GSM 03.38, after transliterating the few ASCII characters it lacks (ADR 0015); otherwise UCS-2.
 * Parts never split an escape pair or a surrogate pair.
 */
export function splitForWire(text: string): WireSplit {
  const billing = countSms(text);
  const wireText = billing.encoding === "single-byte" ? transliterateAsciiToGsm7(text) : text;
  if (isGsm7(wireText)) {
    return { encoding: "gsm7", dataCoding: 0, parts: splitGsm7(wireText), billedParts: billing.parts };
  }
  return { encoding: "ucs2", dataCoding: 8, parts: splitUcs2(text), billedParts: billing.parts };
}

function splitGsm7(text: string): Uint8Array[] {
  const septets: number[][] = [];
  for (const char of text) {
    const extension = EXTENSION_CODES.get(char);
    septets.push(extension === undefined ? [BASIC_CODES.get(char) ?? 0] : [ESCAPE, extension]);
  }
  return pack(septets, WIRE_PART_LIMITS.gsm7);
}

function splitUcs2(text: string): Uint8Array[] {
  const units: number[][] = [];
  for (const char of text) {
    const unit: number[] = [];
    for (let i = 0; i < char.length; i++) {
      const code = char.charCodeAt(i);
      unit.push(code >> 8, code & 0xff);
    }
    units.push(unit);
  }
  // Limits are in UTF-16 units, two octets each.
  return pack(units, {
    single: WIRE_PART_LIMITS.ucs2.single * 2,
    multipart: WIRE_PART_LIMITS.ucs2.multipart * 2,
  });
}

/** Fills parts with whole characters (each a group of octets) up to the octet limits. */
function pack(chars: readonly number[][], limits: { single: number; multipart: number }): Uint8Array[] {
  const total = chars.reduce((sum, char) => sum + char.length, 0);
  if (total === 0) return [];
  if (total <= limits.single) return [Uint8Array.from(chars.flat())];
  const parts: Uint8Array[] = [];
  let current: number[] = [];
  for (const char of chars) {
    if (current.length + char.length > limits.multipart) {
      parts.push(Uint8Array.from(current));
      current = [];
    }
    current.push(...char);
  }
  if (current.length > 0) parts.push(Uint8Array.from(current));
  return parts;
}

/**
 * Decodes one short_message payload: unpacked GSM 03.38 septets (data_coding 0) or UTF-16BE
 * (data_coding 8). An unknown escape shows the basic character, as TS 23.038 asks of receivers.
 */
export function decodeWirePart(part: Uint8Array, dataCoding: 0 | 8): string {
  if (dataCoding === 8) {
    if (part.length % 2 !== 0) throw new RangeError("UCS-2 payload has an odd number of octets");
    let out = "";
    for (let i = 0; i < part.length; i += 2)
      out += String.fromCharCode(((part[i] ?? 0) << 8) | (part[i + 1] ?? 0));
    return out;
  }
  const basic = Array.from(BASIC_TABLE);
  let out = "";
  for (let i = 0; i < part.length; i++) {
    const septet = part[i] ?? 0;
    if (septet > 0x7f) throw new RangeError(`octet 0x${septet.toString(16)} is not a GSM 03.38 septet`);
    if (septet !== ESCAPE) {
      out += basic[septet] ?? "";
      continue;
    }
    const next = part[++i];
    if (next === undefined) throw new RangeError("GSM 03.38 payload ends inside an escape");
    out += EXTENSION_CHARS.get(next) ?? (next === ESCAPE ? " " : (basic[next & 0x7f] ?? ""));
  }
  return out;
}
