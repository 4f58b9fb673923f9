/** Receipts / tax invoices of approved orders (issue 10), as PDF. */
export { type GetReceiptOptions, type GetReceiptResult, getReceipt } from "./get-receipt.ts";
export { type ReceiptDocument, renderReceiptPdf } from "./receipt-pdf.ts";
export { receiptsRoutes } from "./routes.ts";
export { sellerOf } from "./seller.ts";
