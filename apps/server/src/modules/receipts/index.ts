import type { ServerModule } from "../../platform/module.ts";
import { receiptsRoutes } from "./routes.ts";

/** Receipts / tax invoices of approved orders (issue 10), as PDF. */
export { sellerOf } from "./seller.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const receiptsModule: ServerModule = { routes: receiptsRoutes };
