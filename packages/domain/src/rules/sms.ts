export type SmsEncoding = "single-byte" | "unicode";

export interface SmsPartLimits {
  /** Characters that fit when the whole text is one SMS. */
  readonly single: number;
  /** Characters per part once the text is split (the rest of each part carries the concatenation header). */
  readonly multipart: number;
}

export const SMS_PART_LIMITS = {
  "single-byte": { single: 160, multipart: 154 },
  unicode: { single: 70, multipart: 67 },
} as const satisfies Record<SmsEncoding, SmsPartLimits>;

const MAX_SINGLE_BYTE_CODE_POINT = 0x7f;

export interface SmsCount {
  encoding: SmsEncoding;
  /**
   * Characters as the SMS carries them: UCS-2 units, so a character outside the Basic Multilingual
   * Plane (an emoji) counts 2, as it takes a surrogate pair on the wire.
   */
  length: number;
  /** Payload size: 1 byte per character when single-byte, 2 bytes per UCS-2 unit otherwise. */
  bytes: number;
  parts: number;
  perPart: number;
  /** Characters still free before another part is needed. */
  remainingInPart: number;
  /** The first character that forced the unicode rate, so the UI can point at it. */
  forcingChar: string | null;
  /** Index of `forcingChar`; only single-byte characters come before it, so it is the same in any unit. */
  forcingIndex: number | null;
}

/**
 * Counts SMS parts the way the terms of service bill them: per 160 English or 70 Thai characters,
 * where one non-ASCII character makes the whole text unicode. A unicode part holds 70 UCS-2 units,
 * so an emoji (two units) uses the room of two Thai characters: billing follows what is sent.
 */
export function countSms(text: string): SmsCount {
  const chars = Array.from(text);
  const index = chars.findIndex((char) => (char.codePointAt(0) ?? 0) > MAX_SINGLE_BYTE_CODE_POINT);
  const encoding: SmsEncoding = index === -1 ? "single-byte" : "unicode";
  const limits = SMS_PART_LIMITS[encoding];
  // Single-byte text is ASCII, where code units and characters coincide.
  const length = text.length;
  const parts = length === 0 ? 0 : length <= limits.single ? 1 : Math.ceil(length / limits.multipart);
  const perPart = parts > 1 ? limits.multipart : limits.single;
  return {
    encoding,
    length,
    bytes: encoding === "single-byte" ? length : length * 2,
    parts,
    perPart,
    remainingInPart: Math.max(parts, 1) * perPart - length,
    forcingChar: index === -1 ? null : (chars[index] ?? null),
    forcingIndex: index === -1 ? null : index,
  };
}

/** Credits charged for sending `text` to `recipients` numbers: one credit per part per recipient. */
export function smsCredits(text: string, recipients: number): number {
  if (!Number.isSafeInteger(recipients) || recipients < 0) {
    throw new RangeError("recipients must be a non-negative integer");
  }
  return countSms(text).parts * recipients;
}

/** Typographic characters with a plain (ASCII) twin that reads the same in an SMS. */
const PLAIN_TWINS: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00A0": " ",
  "\u2007": " ",
  "\u202F": " ",
  "\u200B": "",
  "\uFEFF": "",
};

/** Most stray characters a mostly-English text may hold for the hint to apply. */
export const STRAY_MAX = 5;

/** A character that alone makes an otherwise single-byte text unicode. */
export interface StrayCharacter {
  char: string;
  /** 0-based index of its first occurrence, in UTF-16 units (as a textarea's caret counts). */
  index: number;
  /** Its plain twin ("“" → '"'), or null when it has none. */
  plain: string | null;
}

/**
 * The characters worth pointing at when a text is unicode (issue 24, D30): a mostly-English text
 * where a few stray characters (a curly quote pasted from a word processor, a dash, an emoji, one
 * Thai word) halve the characters per SMS. At most STRAY_MAX non-ASCII characters, and fewer than
 * one in five of the text's visible characters; a Thai message, where every letter is unicode on
 * purpose, gets no hint. Each distinct character once, in order of appearance; empty otherwise.
 */
export function strayUnicode(text: string): StrayCharacter[] {
  let visible = 0;
  let stray = 0;
  const found = new Map<string, StrayCharacter>();
  let index = 0;
  for (const char of text) {
    if (!/\s/.test(char)) visible += 1;
    if ((char.codePointAt(0) ?? 0) > MAX_SINGLE_BYTE_CODE_POINT) {
      stray += 1;
      if (stray > STRAY_MAX) return [];
      if (!found.has(char)) found.set(char, { char, index, plain: PLAIN_TWINS[char] ?? null });
    }
    index += char.length;
  }
  if (stray === 0 || stray * 5 >= visible) return [];
  return [...found.values()];
}

/** The text with every typographic character that has a plain twin replaced by it. */
export function withPlainTwins(text: string): string {
  let out = "";
  for (const char of text) out += PLAIN_TWINS[char] ?? char;
  return out;
}
