import type { Locale } from "@sms/domain";
import { type ReceiptDocument, renderReceiptPdf } from "./receipt-pdf.ts";

/** Runs in a heavy-work thread (ADR 30): draws one receipt / tax invoice. */
export default function receiptPdfTask(input: { receipt: ReceiptDocument; locale: Locale }): Promise<Buffer> {
  return renderReceiptPdf(input.receipt, input.locale);
}
