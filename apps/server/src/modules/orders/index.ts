import type { ServerModule } from "../../platform/module.ts";
import { orderDecisionMailJob, orderReceivedMailJob } from "./jobs.ts";
import { ordersRoutes } from "./routes.ts";

/** Carts with PromptPay, orders with proof of payment, the free trial and the staff's orders queue (issue 10). */
export const ordersModule: ServerModule = {
  routes: ordersRoutes,
  jobs: [orderDecisionMailJob, orderReceivedMailJob],
};
