/**
 * How an SMSC writes its message ids. Many answer submit_sm with a hex id and write the same
 * number in decimal in the delivery receipt ("1A2B" then "6699"); which form is a property of
 * the SMSC, so it is configured rather than guessed (a short id such as "10" reads both ways).
 */
export type MessageIdFormat = "text" | "hex" | "decimal";

export const MESSAGE_ID_FORMATS = ["text", "hex", "decimal"] as const satisfies readonly MessageIdFormat[];

/**
 * The canonical form both sides are compared in: numeric forms become the decimal value (no
 * leading zeros); text ids are trimmed and lower-cased with leading zeros dropped. An id that
 * does not fit its declared numeric form falls back to the text rule instead of failing.
 */
export function normalizeMessageId(raw: string, format: MessageIdFormat = "text"): string {
  const id = raw.trim();
  if (format === "hex" && /^(0x)?[0-9a-f]+$/i.test(id)) {
    return BigInt(id.toLowerCase().startsWith("0x") ? id : `0x${id}`).toString(10);
  }
  if (format === "decimal" && /^\d+$/.test(id)) return BigInt(id).toString(10);
  const text = id.toLowerCase().replace(/^0+(?=.)/, "");
  return text;
}
