import type { Pdu } from "smpp";

/**
 * The package decodes short_message (and message_payload) into `{ message, udh? }`, but leaves
 * it absent when the PDU ends early and null-ish in other shapes; its encoder then throws on
 * `value.message` (node-smpp #229/#256). Every read goes through here; submit_sm is written by
 * wire.ts, which takes octets, so neither path can throw.
 */
export function shortMessageText(pdu: Pdu): string {
  return decodedText(pdu.short_message) || decodedText(pdu.message_payload);
}

function decodedText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (Buffer.isBuffer(value)) return value.toString("latin1");
  if (typeof value === "object" && "message" in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === "string") return message;
    if (Buffer.isBuffer(message)) return message.toString("latin1");
  }
  return "";
}

export function stringField(pdu: Pdu, name: string): string | undefined {
  const value = pdu[name];
  if (typeof value === "string") return value.replace(/\0+$/, "");
  if (Buffer.isBuffer(value)) return value.toString("latin1").replace(/\0+$/, "");
  return undefined;
}

export function numberField(pdu: Pdu, name: string): number | undefined {
  const value = pdu[name];
  return typeof value === "number" ? value : undefined;
}
