import type { TPromptPay } from "@sms/domain";
import { anyId } from "promptparse/generate";
import { renderSVG } from "uqr";

/**
 * The PromptPay QR of a cart (Thai QR Payment, EMVCo merchant-presented): the company's PromptPay
 * id, a 13-digit tax id or a mobile number, and the exact amount in baht, so the customer's banking
 * app fills in both and the slip matches the order.
 */
export function promptPayPayload(promptPayId: string, totalSatang: number): string {
  if (!Number.isSafeInteger(totalSatang) || totalSatang <= 0) {
    throw new RangeError("a PromptPay amount must be a positive number of satang");
  }
  return anyId({
    type: promptPayId.length === 13 ? "NATID" : "MSISDN",
    target: promptPayId,
    // promptparse writes tag 54 with toFixed(2); a satang count divided by 100 is exact to that.
    amount: totalSatang / 100,
  });
}

/**
 * The QR with what a customer checks it against: the whole PromptPay id (the QR carries it anyway,
 * and paying by hand needs it) and the payee name the banking app shows before confirming.
 */
export function promptPayQr(promptPayId: string, payeeName: string, totalSatang: number): TPromptPay {
  const payload = promptPayPayload(promptPayId, totalSatang);
  return {
    id: promptPayId,
    payee_name: payeeName,
    payload,
    // Medium error correction survives a phone camera's glare; the quiet zone is the standard 4 modules.
    qr_svg: renderSVG(payload, { ecc: "M", border: 4 }),
  };
}
