import type { OutboxReceipt } from "../smpp-receipts/index.ts";

/** message_state (SMPP 3.4 §5.2.28): DELIVERED 2, UNDELIVERABLE 5. */
const DELIVERED = 2;
const UNDELIVERABLE = 5;

/**
 * The deliver_sm of a receipt (SMPP 3.4 Appendix B): from the number to the customer's source_addr,
 * esm_class 0x04 (delivery receipt), the de-facto text `id:… sub:001 dlvrd:… submit date:… done
 * date:… stat:… err:… text:` and the receipted_message_id and message_state TLVs, with the id
 * written as the submit_sm_resp wrote it. Dates are Bangkok time (YYMMDDhhmm).
 */
export function receiptFields(r: OutboxReceipt, id: string): Record<string, unknown> {
  const delivered = r.status === "delivered";
  const err = /^\d{1,3}$/.test(r.code ?? "")
    ? (r.code as string).padStart(3, "0")
    : delivered
      ? "000"
      : "001";
  const body =
    `id:${id} sub:001 dlvrd:${delivered ? "001" : "000"} submit date:${smppDate(r.submittedAt)} ` +
    `done date:${smppDate(r.doneAt)} stat:${delivered ? "DELIVRD" : "UNDELIV"} err:${err} text:`;
  return {
    source_addr: r.recipient,
    destination_addr: r.sender,
    esm_class: 0x04,
    data_coding: 0,
    // A Buffer: the package's encoder only crashes on other shapes (gateway/smpp/pdu-fields.ts).
    short_message: Buffer.from(body, "latin1"),
    receipted_message_id: id,
    message_state: delivered ? DELIVERED : UNDELIVERABLE,
  };
}

/** YYMMDDhhmm on Bangkok's clock (UTC+7, no daylight saving). */
export function smppDate(d: Date): string {
  const b = new Date(d.getTime() + 7 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(b.getUTCFullYear() % 100)}${p(b.getUTCMonth() + 1)}${p(b.getUTCDate())}${p(b.getUTCHours())}${p(b.getUTCMinutes())}`;
}
