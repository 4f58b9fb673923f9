import type { ServerModule } from "../../platform/module.ts";
import { orderDecisionMailJob, orderReceivedMailJob } from "./jobs.ts";
import { ordersRoutes } from "./routes.ts";

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

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const ordersModule: ServerModule = {
  routes: ordersRoutes,
  jobs: [orderDecisionMailJob, orderReceivedMailJob],
};
