/** Carts with PromptPay, orders with proof of payment, the free trial and the staff's orders queue (issue 10). */
export { type ApproveOrderOptions, approveOrder } from "./approve-order.ts";
export { formatDocumentNumber, nextDocumentNumber, RECEIPT_SERIES } from "./document-number.ts";
export {
  type OrderDecisionMail,
  type OrderReceivedMail,
  orderDecisionMailJob,
  orderReceivedMailJob,
} from "./jobs.ts";
export { promptPayPayload, promptPayQr } from "./promptpay.ts";
export { ordersRoutes } from "./routes.ts";
